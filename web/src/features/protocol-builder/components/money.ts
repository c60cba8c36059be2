import { formatMoney } from '../../../lib/format/money';

/**
 * Spec docs/spec-coverage.md#s9-share-panel-total-shown: the share panel's total is shown in the EU format
 * (de-DE), whatever the region.
 */
export function euMoney(amount: string, currency: string): string {
  return formatMoney(amount, currency, 'de-DE');
}
