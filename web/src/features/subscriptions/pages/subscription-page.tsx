import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { ApiError } from '../../../lib/api/http';
import { formatDay } from '../../../lib/format/date';
import { useCurrentLanguage } from '../../../lib/i18n';
import { goToPaymentPage } from '../../../lib/payments/go-to-payment-page';
import { toast } from '../../../lib/toast/toast-store';
import { cancelSubscription } from '../api/cancel-subscription';
import { useSubscription } from '../api/get-subscription';
import { SUBSCRIPTIONS_PATH } from '../api/keys';
import { pauseSubscription } from '../api/pause-subscription';
import { resumeSubscription } from '../api/resume-subscription';
import { revokeMandate } from '../api/revoke-mandate';
import { skipParcel } from '../api/skip-parcel';
import { startPayment } from '../api/start-payment';
import type { Subscription } from '../api/types';
import { ConfirmCancel } from '../components/confirm-cancel';
import { ParcelHistory } from '../components/parcel-history';
import { ParcelPlanLines } from '../components/parcel-plan';
import { readRefusal } from '../components/refusal';
import { SubscriptionEditor } from '../components/subscription-editor';
import { useSubscriptionName } from '../components/subscription-name';
import { canPay, SubscriptionStateBadge, SubscriptionStateText } from '../components/subscription-state';
import { ClientsOnly } from '../../../components/ui/clients-only';
import { LoadingState } from '../components/loading-state';
import '../subscriptions.css';


/**
 * `/{lang}/account/refills/{id}` (the e-mails link here): one automatic refill with its state and what to
 * do about it, the next parcel, the lines, interval, date and delivery to change, skip, pause, resume,
 * stop the charges, cancel, and the parcels so far. Live: a change from another device, the daily run or a
 * payment (`subscription.updated`, `order.updated`) shows without a reload.
 */
export function SubscriptionPage() {
  const { t } = useTranslation('subscriptions');
  return (
    <ClientsOnly
      texts={{ title: t('title'), signedOut: t('signed-out'), signIn: t('sign-in'), clientsOnly: t('clients-only') }}
    >
      <SubscriptionLoader />
    </ClientsOnly>
  );
}

function SubscriptionLoader() {
  const { t } = useTranslation('subscriptions');
  const raw = useParams().id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const { data, error, mutate } = useSubscription(id);
  const back = (
    <LocalizedLink className="refill-back" to="/account/refills">
      {t('back')}
    </LocalizedLink>
  );
  if (data) return <SubscriptionDetail subscription={data} back={back} />;
  const missing = id === null || (error instanceof ApiError && error.status === 404);
  return (
    <PageIntro title={t('title')}>
      <LoadingState
        problem={missing ? t('not-found') : error ? t('load-one-failed') : null}
        retry={missing ? undefined : () => void mutate()}
      />
      {back}
    </PageIntro>
  );
}

function SubscriptionDetail({ subscription, back }: { subscription: Subscription; back: ReactNode }) {
  const { t } = useTranslation('subscriptions');
  const language = useCurrentLanguage();
  const navigate = useNavigate();
  const nameOf = useSubscriptionName();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [payProblem, setPayProblem] = useState<string | null>(null);
  const { id, state } = subscription;
  const live = state !== 'cancelled';
  const lineName = (variantId: number) => subscription.lines.find((line) => line.product_variant_id === variantId)?.name;

  /** The reply is the refill as it is now: shown at once, and the list reads its copy again. */
  const show = async (reply: Subscription) => {
    await mutate(`${SUBSCRIPTIONS_PATH}/${String(id)}`, reply, { revalidate: false });
    void mutate(SUBSCRIPTIONS_PATH);
  };

  const act = async (call: (subscriptionId: number) => Promise<Subscription>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await show(await call(id));
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(readRefusal(error).message ?? t('actions.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    setPayProblem(null);
    try {
      const reply = await startPayment(id);
      if (reply.payment_url) await goToPaymentPage(reply.payment_url, navigate);
      else await show(reply);
    } catch (error) {
      setPayProblem(readRefusal(error).message ?? t('pay-failed'));
    } finally {
      setBusy(false);
    }
  };

  const next = subscription.next_parcel;
  return (
    <>
      <PageIntro title={nameOf(subscription)}>
        <p className="page-intro__lead">
          <SubscriptionStateBadge state={state} /> {t('every', { n: subscription.interval_days })}
          {subscription.practitioner && (
            <>
              {' '}
              <span className="refill-muted">{t('from-practitioner', { name: subscription.practitioner.name })}</span>
            </>
          )}
        </p>
        {back}
      </PageIntro>
      <div className="refill-page">
        <section className="refill-card" aria-labelledby="refill-state-title">
          <h2 id="refill-state-title">
            <SubscriptionStateBadge state={state} />
          </h2>
          <SubscriptionStateText subscription={subscription} />
          {canPay(subscription) && (
            <button type="button" className="button" disabled={busy} onClick={() => void pay()}>
              {t('pay-now')}
            </button>
          )}
          {payProblem && (
            <p className="refill-error" role="alert">
              {payProblem}
            </p>
          )}
        </section>

        {live && (
          <section className="refill-card" aria-labelledby="refill-next-title">
            <h2 id="refill-next-title">{t('next.title')}</h2>
            {next ? (
              <>
                <p>{t('next.date', { date: formatDay(next.date, language) })}</p>
                {subscription.notice_on && <p className="refill-hint">{t('next.notice', { date: formatDay(subscription.notice_on, language) })}</p>}
                <ParcelPlanLines plan={next} currency={subscription.currency} label={t('next.title')} nameOf={lineName} />
                <p className="refill-hint">{t('next.shipping-note')}</p>
              </>
            ) : state === 'paused' && subscription.next_parcel_on ? (
              <p>{t('next.paused', { date: formatDay(subscription.next_parcel_on, language) })}</p>
            ) : (
              <p>{t('next.none')}</p>
            )}
          </section>
        )}

        {live && <SubscriptionEditor key={id} subscription={subscription} onSaved={show} />}

        {live && (
          <section className="refill-card" aria-labelledby="refill-actions-title">
            <h2 id="refill-actions-title">{t('actions.title')}</h2>
            <div className="refill-actions">
              {(state === 'active' || state === 'past_due') && (
                <>
                  <button type="button" className="button button--secondary" disabled={busy} onClick={() => void act(skipParcel, t('actions.skipped'))}>
                    {t('actions.skip')}
                  </button>
                  <button type="button" className="button button--secondary" disabled={busy} onClick={() => void act(pauseSubscription, t('actions.paused'))}>
                    {t('actions.pause')}
                  </button>
                </>
              )}
              {state === 'paused' && (
                <button type="button" className="button" disabled={busy} onClick={() => void act(resumeSubscription, t('actions.resumed'))}>
                  {t('actions.resume')}
                </button>
              )}
              {subscription.mandate_id && state !== 'pending_mandate' && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  aria-describedby="refill-stop-hint"
                  onClick={() => void act(revokeMandate, t('actions.stopped-charging'))}
                >
                  {t('actions.stop-charging')}
                </button>
              )}
              {!confirming && (
                <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming(true)}>
                  {t('actions.cancel')}
                </button>
              )}
            </div>
            {subscription.mandate_id && state !== 'pending_mandate' && (
              <p id="refill-stop-hint" className="refill-hint">
                {t('actions.stop-charging-hint')}
              </p>
            )}
            {confirming && (
              <ConfirmCancel
                busy={busy}
                onClose={() => setConfirming(false)}
                onConfirm={() =>
                  void act(cancelSubscription, t('actions.cancelled')).then((done) => {
                    if (done) setConfirming(false);
                  })
                }
              />
            )}
          </section>
        )}

        <ParcelHistory parcels={subscription.parcels} currency={subscription.currency} />
      </div>
    </>
  );
}
