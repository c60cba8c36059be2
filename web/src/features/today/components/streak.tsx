import { useTranslation } from 'react-i18next';

import { useOwnAdherence } from '../api/get-adherence';

/**
 * The days in a row on which every slot was taken ("5 days in a row"); nothing while it loads, when it
 * cannot, or without a protocol.
 */
export function Streak() {
  const { t } = useTranslation('today');
  const { data } = useOwnAdherence();
  // Nothing to count without a protocol (the page says so below).
  if (!data || data.protocols.length === 0) return null;
  return (
    <p className="today-streak">
      {data.streak > 0 ? t('streak.days', { count: data.streak }) : t('streak.none')}
    </p>
  );
}
