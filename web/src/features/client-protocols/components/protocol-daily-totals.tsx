import { DailyTotalsTable } from '../../../components/nutrition/daily-totals-table';
import type { LinkedProtocol } from '../api/types';

/** The daily totals the server added up for a shared or linked protocol (docs/api.md). */
export function ProtocolDailyTotals({ protocol, headingLevel }: { protocol: LinkedProtocol; headingLevel: 2 | 3 }) {
  if (protocol.products.length === 0) return null;
  return <DailyTotalsTable totals={protocol.daily_totals} products={protocol.products} headingLevel={headingLevel} />;
}
