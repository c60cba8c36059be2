import { useCallback } from 'react';

import { formatMoney } from '../../../lib/format/money';
import { currencyOf, useRegion } from '../../../lib/session/region';

/**
 * Formats an amount in its region's format (spec: docs/spec-coverage.md#s9-currency-uk-gbp-en: GBP as en-GB,
 * EUR as de-DE). The API already prices in the region's currency (X-Region) and says which; the region's
 * currency is only the fallback for a reply without it.
 */
export function useFormatPrice() {
  const region = useRegion();
  return useCallback(
    (amount: string | number, currency?: string | null) => formatMoney(amount, currency || currencyOf(region)),
    [region],
  );
}
