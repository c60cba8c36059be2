import { DailyTotalsTable } from '../../../components/nutrition/daily-totals-table';
import type { LinkedProtocol } from '../api/types';

/** The daily totals the server added up for a shared or linked protocol (docs/api.md). */
export function ProtocolDailyTotals({ protocol, headingLevel }: { protocol: LinkedProtocol; headingLevel: 2 | 3 }) {
  if (protocol.products.length === 0) return null;
  const names = new Map(protocol.products.map((product) => [product.product_variant_id, product.name]));
  return (
    <DailyTotalsTable totals={protocol.daily_totals} productName={(id) => names.get(id) ?? ''} headingLevel={headingLevel} />
  );
}
