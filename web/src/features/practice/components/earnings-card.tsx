import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { HubCard } from './hub-card';

/**
 * The way to the earnings dashboard (docs/decisions/0020-practitioner-earnings.md): balance, next payout,
 * ledger, statements, payout details.
 */
export function EarningsCard() {
  const { t } = useTranslation('practice');
  return (
    <HubCard icon="commissionData" id="practice-earnings" title={t('earnings.title')} isLoading={false} failure={null}>
      <p>{t('earnings.text')}</p>
      <LocalizedLink className="button button--secondary" to="/account/practitioner/earnings">
        {t('earnings.open')}
      </LocalizedLink>
    </HubCard>
  );
}
