import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { formatDay } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { Parcel } from '../api/types';

const STATES = ['placed', 'charging', 'paid', 'failed', 'skipped', 'cancelled'] as const;
const isParcelState = (value: string): value is (typeof STATES)[number] => (STATES as readonly string[]).includes(value);

/** The refill's parcels so far, newest first: date, state, its order (linked) and what it cost. */
export function ParcelHistory({ parcels, currency }: { parcels: readonly Parcel[]; currency: string }) {
  const { t } = useTranslation('subscriptions');
  const language = useCurrentLanguage();
  return (
    <section className="refill-card" aria-labelledby="refill-history-title">
      <h2 id="refill-history-title">{t('history.title')}</h2>
      {parcels.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <table className="refill-history" aria-labelledby="refill-history-title">
          <thead>
            <tr>
              <th scope="col">{t('history.date')}</th>
              <th scope="col">{t('history.state')}</th>
              <th scope="col">{t('history.order')}</th>
              <th scope="col">{t('history.total')}</th>
            </tr>
          </thead>
          <tbody>
            {parcels.map((parcel) => (
              <tr key={`${parcel.date}-${parcel.state}-${parcel.order_number ?? ''}`}>
                <td>{formatDay(parcel.date, language)}</td>
                <td>{isParcelState(parcel.state) ? t(`parcel-state.${parcel.state}`) : parcel.state}</td>
                <td>
                  {parcel.order_number ? (
                    <LocalizedLink to={`/account/orders/${encodeURIComponent(parcel.order_number)}`}>{parcel.order_number}</LocalizedLink>
                  ) : (
                    t('history.none')
                  )}
                </td>
                <td className="refill-history__total">{parcel.total === null ? t('history.none') : formatMoney(parcel.total, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
