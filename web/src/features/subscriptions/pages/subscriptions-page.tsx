import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { formatDay } from '../../../lib/format/date';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSubscriptions } from '../../../lib/subscriptions/list-subscriptions';
import { SubscriptionStateBadge, SubscriptionStateText } from '../components/subscription-state';
import { useSubscriptionName } from '../components/subscription-name';
import { ClientsOnly } from '../../../components/ui/clients-only';
import { LoadingState } from '../components/loading-state';
import '../subscriptions.css';


function SubscriptionList() {
  const { t } = useTranslation('subscriptions');
  const language = useCurrentLanguage();
  const nameOf = useSubscriptionName();
  const { data, error, mutate } = useSubscriptions();

  if (!data) {
    return <LoadingState problem={error ? t('failed') : null} retry={() => void mutate()} />;
  }
  if (data.length === 0) {
    return (
      <div className="refill-message">
        <p>{t('empty')}</p>
        <p className="refill-links">
          <LocalizedLink className="button" to="/account/client/protocols">
            {t('to-protocols')}
          </LocalizedLink>
          <LocalizedLink className="button button--secondary" to="/account/orders">
            {t('to-orders')}
          </LocalizedLink>
        </p>
      </div>
    );
  }
  return (
    <ul className="refill-list" aria-label={t('list-label')}>
      {data.map((subscription) => {
        return (
          <li key={subscription.id} className="refill-card refill-list__item" aria-labelledby={`refill-${String(subscription.id)}`}>
            <h2 id={`refill-${String(subscription.id)}`}>
              <LocalizedLink to={`/account/refills/${String(subscription.id)}`}>{nameOf(subscription)}</LocalizedLink>
            </h2>
            <p>
              <SubscriptionStateBadge state={subscription.state} /> {t('every', { n: subscription.interval_days })}
            </p>
            <SubscriptionStateText subscription={subscription} />
            {subscription.state !== 'cancelled' && subscription.next_parcel_on && (
              <p>{t('next-on', { date: formatDay(subscription.next_parcel_on, language) })}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * `/{lang}/account/refills`: the client's automatic refills, live ones first, each with its state, interval
 * and next parcel, and the way to its page. Follows `subscription.updated` from any device and the run.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation('subscriptions');
  return (
    <ClientsOnly
      texts={{ title: t('title'), signedOut: t('signed-out'), signIn: t('sign-in'), clientsOnly: t('clients-only') }}
    >
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('lead')}</p>
      </PageIntro>
      <SubscriptionList />
    </ClientsOnly>
  );
}
