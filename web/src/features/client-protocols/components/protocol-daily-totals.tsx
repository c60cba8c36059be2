import { useTranslation } from 'react-i18next';

import { DailyTotalsTable } from '../../../components/nutrition/daily-totals-table';
import type { LinkedProtocol } from '../api/types';
import { countedSubstitute } from './counted-substitute';

/**
 * The daily totals the server added up for a shared or linked protocol (docs/api.md). While a line is sold
 * out and its practitioner's substitute is not, the server counts the substitute (docs/decisions/
 * 0041-substitutes.md): a note under the totals says so, and the totals' warnings name it.
 */
export function ProtocolDailyTotals({ protocol, headingLevel }: { protocol: LinkedProtocol; headingLevel: 2 | 3 }) {
  const { t } = useTranslation('client-protocols');
  if (protocol.products.length === 0) return null;
  const counted = protocol.products.flatMap((line) => {
    const substitute = countedSubstitute(line);
    return substitute ? [{ line, substitute }] : [];
  });
  // The totals' lines carry the substitute's variant where it is counted.
  const names = [
    ...protocol.products,
    ...counted.map(({ substitute }) => ({ product_variant_id: substitute.product_variant_id, name: substitute.name })),
  ];
  return (
    <>
      <DailyTotalsTable totals={protocol.daily_totals} products={names} headingLevel={headingLevel} />
      {counted.map(({ line, substitute }) => (
        <p key={line.product_variant_id} className="protocol-totals-note">
          {t('totals.substitute-counted', { name: substitute.name, original: line.name })}
        </p>
      ))}
    </>
  );
}
