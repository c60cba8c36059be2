import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { formatDay } from '../../../lib/format/date';
import { useCurrentLanguage } from '../../../lib/i18n/use-current-language';
import { useClientSubscriptions } from '../api/list-client-subscriptions';
import type { ClientSubscription } from '../api/types';
import { HubCard } from './hub-card';

const STATES = ['active', 'paused', 'past_due', 'pending_mandate'] as const;
const REASONS = ['charge_failed', 'mandate_revoked', 'not_shipped'] as const;
const PARCEL_STATES = ['placed', 'charging', 'paid', 'failed', 'skipped', 'cancelled'] as const;

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** Past due (a payment or the address to fix) or a sold-out product without a substitute (the practitioner's to fix). */
function needsAttention(subscription: ClientSubscription): boolean {
  return subscription.state === 'past_due' || subscription.waiting_substitute;
}

/** The refills needing attention, past due first, each group in the reply's order (next parcel first). */
function byUrgency(subscriptions: ClientSubscription[]): ClientSubscription[] {
  const pastDue = subscriptions.filter((subscription) => subscription.state === 'past_due');
  return [...pastDue, ...subscriptions.filter((subscription) => subscription.state !== 'past_due')];
}

function RefillState({ subscription }: { subscription: ClientSubscription }) {
  const { t } = useTranslation('practice');
  const { state, reason } = subscription;
  let label: string;
  if (state === 'past_due' && isOneOf(REASONS, reason)) label = t(`refills.reason.${reason}`);
  else if (isOneOf(STATES, state)) label = t(`refills.state.${state}`);
  else label = state;
  return (
    <span className={`practice-refill__state practice-refill__state--${state}`}>
      {label}
    </span>
  );
}

function RefillItem({ subscription }: { subscription: ClientSubscription }) {
  const { t } = useTranslation('practice');
  const language = useCurrentLanguage();
  const { client, protocol_id: protocolId, last_parcel: lastParcel } = subscription;
  const clientName = `${client.first_name} ${client.last_name}`.trim() || t('refills.client', { id: client.id });
  const protocolName = subscription.protocol_name || t('refills.protocol-deleted');

  let next: string;
  if (subscription.state === 'paused') next = t('refills.next-paused');
  else if (subscription.next_parcel_on) next = t('refills.next', { date: formatDay(subscription.next_parcel_on, language) });
  else next = t('refills.next-none');

  let last = t('refills.no-parcel');
  if (lastParcel) {
    const state = isOneOf(PARCEL_STATES, lastParcel.state) ? t(`refills.parcel-state.${lastParcel.state}`) : lastParcel.state;
    last = t('refills.last-parcel', { date: formatDay(lastParcel.date, language), state });
    if (lastParcel.order_number) last += ` · ${t('refills.order', { number: lastParcel.order_number })}`;
  }

  return (
    <li className="practice-list__item practice-refill">
      <span className="practice-list__name">{t('refills.entry', { client: clientName, protocol: protocolName })}</span>
      <span>
        <RefillState subscription={subscription} />
      </span>
      <span className="practice-list__meta">
        {next}
        {' · '}
        {t('refills.interval', { count: subscription.interval_days })}
      </span>
      <ul className="practice-refill__lines" aria-label={t('refills.lines', { client: clientName })}>
        {subscription.lines.map((line) => (
          <li key={line.product_variant_id} className="practice-list__meta">
            {t('refills.line', { n: line.quantity, name: line.name })}
            {line.sold_out && (
              <>
                {' '}
                <span className="practice-refill__sold-out">{t('refills.sold-out')}</span>{' '}
                {line.substitute_name ? (
                  t('refills.substitute', { name: line.substitute_name })
                ) : (
                  <strong className="practice-refill__missing">{t('refills.needs-substitute')}</strong>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {subscription.waiting_substitute && (
        <p className="practice-refill__warning">
          {t('refills.waiting')}{' '}
          {protocolId === null ? (
            t('refills.waiting-no-protocol')
          ) : (
            <LocalizedLink to={`/account/practitioner/protocols/${String(protocolId)}`}>
              {t('refills.choose-substitute', { protocol: protocolName })}
            </LocalizedLink>
          )}
        </p>
      )}
      <span className="practice-list__meta">{last}</span>
    </li>
  );
}

function RefillSection({ title, subscriptions }: { title: string; subscriptions: ClientSubscription[] }) {
  const headingId = useId();
  if (subscriptions.length === 0) return null;
  return (
    <div className="practice-refills__section">
      <h3 id={headingId}>{title}</h3>
      <ul className="practice-list" aria-labelledby={headingId}>
        {subscriptions.map((subscription) => (
          <RefillItem key={subscription.id} subscription={subscription} />
        ))}
      </ul>
    </div>
  );
}

/**
 * The automatic refills of the practitioner's clients (docs/decisions/0042-automatic-refills.md): whose, of
 * which protocol, their state, next parcel and interval, the products (a sold-out one with its substitute, or
 * the way to choose one in the builder) and the last parcel. Those past due or waiting for a substitute come
 * first, counted at the top; never an address or a payment detail.
 */
export function RefillsCard() {
  const { t } = useTranslation('practice');
  const { data, error, isLoading } = useClientSubscriptions(true);
  const attention = data ? byUrgency(data.filter(needsAttention)) : [];
  const others = data ? data.filter((subscription) => !needsAttention(subscription)) : [];
  const pastDue = data ? data.filter((subscription) => subscription.state === 'past_due').length : 0;
  const waiting = data ? data.filter((subscription) => subscription.waiting_substitute).length : 0;
  return (
    <HubCard
      icon="protocol"
      id="practice-refills"
      title={t('refills.title')}
      isLoading={isLoading}
      failure={error === undefined ? null : t('refills.failed')}
      wide
    >
      {data &&
        (data.length === 0 ? (
          <p>{t('refills.empty')}</p>
        ) : (
          <>
            <p className="practice-card__figure">{t('refills.count', { count: data.length })}</p>
            <ul className="practice-refills__counts" aria-label={t('refills.counts')}>
              <li className={pastDue > 0 ? 'practice-refills__count--alert' : undefined}>
                {t('refills.past-due-count', { count: pastDue })}
              </li>
              <li className={waiting > 0 ? 'practice-refills__count--alert' : undefined}>
                {t('refills.waiting-count', { count: waiting })}
              </li>
            </ul>
            <RefillSection title={t('refills.attention')} subscriptions={attention} />
            <RefillSection title={attention.length > 0 ? t('refills.others') : t('refills.all')} subscriptions={others} />
          </>
        ))}
    </HubCard>
  );
}
