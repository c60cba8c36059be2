import { useTranslation } from 'react-i18next';

import { DailyTotalsTable } from '../../../components/nutrition/daily-totals-table';
import type { DailyTotals, Protocol } from '../api/types';

/** The builder's "Daily totals" panel: the live totals of the protocol on screen (use-live-daily-totals). */
export function DailyTotalsPanel({ protocol, totals }: { protocol: Protocol; totals: DailyTotals | null }) {
  const { t } = useTranslation('nutrition');
  if (protocol.products.length === 0) return null;
  if (!totals) {
    return (
      <p className="builder-message" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  return <DailyTotalsTable totals={totals} products={protocol.products} headingLevel={3} />;
}
