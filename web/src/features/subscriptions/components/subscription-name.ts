import { useTranslation } from 'react-i18next';

import type { Subscription } from '../api/types';

/** A refill's title: the protocol it follows, or "Refill of an order" for one made from an order alone. */
export function useSubscriptionName() {
  const { t } = useTranslation('subscriptions');
  return (subscription: Pick<Subscription, 'protocol_name'>) =>
    subscription.protocol_name ? t('name', { name: subscription.protocol_name }) : t('name-order');
}
