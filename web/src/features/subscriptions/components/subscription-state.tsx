import { useTranslation } from 'react-i18next';

import { formatDay } from '../../../lib/format/date';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { Subscription } from '../api/types';

const STATES = ['pending_mandate', 'active', 'paused', 'past_due', 'cancelled'] as const;
type State = (typeof STATES)[number];
const REASONS = ['charge_failed', 'mandate_revoked', 'not_shipped'] as const;
type Reason = (typeof REASONS)[number];

const isState = (value: string): value is State => (STATES as readonly string[]).includes(value);
const isReason = (value: string): value is Reason => (REASONS as readonly string[]).includes(value);

/** A refill's state in the client's words; a state this app does not know yet shows as sent. */
export function useSubscriptionStateLabel() {
  const { t } = useTranslation('subscriptions');
  return (state: string) => (isState(state) ? t(`state.${state}`) : state);
}

export function SubscriptionStateBadge({ state }: { state: string }) {
  const label = useSubscriptionStateLabel();
  return <span className={`refill-state refill-state--${state}`}>{label(state)}</span>;
}

/** Whether the client can pay what the refill waits for (`POST …/payment`). */
export function canPay(subscription: Subscription): boolean {
  return (
    subscription.state === 'pending_mandate' ||
    (subscription.state === 'past_due' && subscription.reason !== 'not_shipped')
  );
}

/** What the state means for the client and what to do about it (decision 0042, "States"). */
export function SubscriptionStateText({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('subscriptions');
  const language = useCurrentLanguage();
  const { state, reason, next_parcel_on: next, retry_on: retry } = subscription;
  let text: string;
  if (state === 'past_due') text = isReason(reason) ? t(`explain.${reason}`) : t('explain.past_due');
  else if (state === 'active') text = next ? t('explain.active', { date: formatDay(next, language) }) : t('explain.active-undated');
  else text = isState(state) ? t(`explain.${state}`) : state;
  return (
    <>
      <p className="refill-explain">{text}</p>
      {state === 'past_due' && reason === 'charge_failed' && retry && (
        <p className="refill-explain">{t('explain.retry-on', { date: formatDay(retry, language) })}</p>
      )}
    </>
  );
}
