import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { fieldId } from '../../../components/ui/address-fields';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key';
import { formatDay } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { formatShare } from '../../../lib/format/number';
import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { goToPaymentPage } from '../../../lib/payments/go-to-payment-page';
import { createSubscription } from '../api/create-subscription';
import { useProposal } from '../api/get-proposal';
import type { Address, Proposal, RefillSource, SubscribeBody } from '../api/types';
import { DeliveryFields, useDelivery } from '../components/delivery-fields';
import { IntervalField, intervalOf, type IntervalDraft } from '../components/interval-field';
import { LineQuantity } from '../components/line-quantity';
import { ParcelPlanLines } from '../components/parcel-plan';
import { readRefusal } from '../components/refusal';
import { useDebounced } from '../components/use-debounced';
import { ClientsOnly } from '../../../components/ui/clients-only';
import { LoadingState } from '../components/loading-state';
import '../subscriptions.css';

/** How long a choice stays the same before its schedule is asked for. */
const PREVIEW_DELAY_MS = 300;

/** The source the query names: `?protocol_id=7` or `?order_number=PS-…`; null when it names neither. */
function sourceOf(params: URLSearchParams): RefillSource | null {
  const protocol = params.get('protocol_id');
  if (protocol && /^\d{1,9}$/.test(protocol) && Number(protocol) > 0) return { protocol_id: Number(protocol) };
  const order = params.get('order_number')?.trim();
  return order ? { order_number: order } : null;
}

/**
 * `/{lang}/account/refills/new?protocol_id=ID` or `?order_number=N` (docs/decisions/0042-automatic-refills.md):
 * the proposed schedule (the first parcel today, then one every interval), the lines to refill and their
 * quantities, the interval, the address and the shipping method; starting places the first parcel's order
 * and sends the client to pay it, which sets up the automatic charges. Clients only.
 */
export function SubscribePage() {
  const { t } = useTranslation('subscriptions');
  return (
    <ClientsOnly
      texts={{ title: t('subscribe.title'), signedOut: t('signed-out'), signIn: t('sign-in'), clientsOnly: t('clients-only') }}
    >
      <SubscribeLoader />
    </ClientsOnly>
  );
}

function SubscribeLoader() {
  const { t } = useTranslation('subscriptions');
  const [params] = useSearchParams();
  const source = sourceOf(params);
  const proposal = useProposal(source);

  if (!source || !proposal.data) {
    const refusal = proposal.error ? readRefusal(proposal.error) : null;
    return (
      <PageIntro title={t('subscribe.title')}>
        {!source ? (
          <p className="page-intro__lead" role="alert">
            {t('subscribe.no-source')}
          </p>
        ) : (
          <LoadingState
            problem={proposal.error ? (refusal?.message ?? t('subscribe.failed')) : null}
            retry={refusal?.message ? undefined : () => void proposal.mutate()}
          />
        )}
      </PageIntro>
    );
  }
  return <SubscribeForm source={source} proposal={proposal.data} />;
}

interface LineChoice {
  included: boolean;
  quantity: number;
}

function SubscribeForm({ source, proposal }: { source: RefillSource; proposal: Proposal }) {
  const { t } = useTranslation('subscriptions');
  const language = useCurrentLanguage();
  const navigate = useNavigate();
  const delivery = useDelivery();
  const [choice, setChoice] = useState<Record<number, LineChoice>>(() =>
    Object.fromEntries(proposal.lines.map((line) => [line.product_variant_id, { included: true, quantity: line.quantity }])),
  );
  const [interval, setIntervalDraft] = useState<IntervalDraft>({ mode: 'default', days: String(proposal.interval_days) });
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // One key per attempt, kept while the body stays the same (a double click or a retry gets the same refill).
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const inFlight = useRef(false);

  const money = (amount: string) => formatMoney(amount, proposal.currency);
  const choiceOf = (variantId: number): LineChoice => choice[variantId] ?? { included: false, quantity: 1 };
  const chosen = proposal.lines.filter((line) => choiceOf(line.product_variant_id).included);
  const linesChanged = proposal.lines.some((line) => {
    const mine = choiceOf(line.product_variant_id);
    return !mine.included || mine.quantity !== line.quantity;
  });
  const days = intervalOf(interval);
  // The schedule follows the choice: the server plans the chosen lines at the chosen interval (asked once
  // the choice has settled; the last schedule stays shown meanwhile).
  const wanted = `${linesChanged ? chosen.map((line) => `${String(line.product_variant_id)}:${String(choiceOf(line.product_variant_id).quantity)}`).join(',') : ''}|${days ? String(days) : ''}`;
  const settled = useDebounced(wanted, PREVIEW_DELAY_MS);
  const [previewLines = '', previewDays = ''] = settled.split('|');
  const preview = useProposal(source, {
    ...(previewLines ? { lines: previewLines } : {}),
    ...(previewDays ? { interval_days: Number(previewDays) } : {}),
  });
  const shown = preview.data ?? proposal;
  const updating = settled !== wanted || preview.isLoading;
  const factsOf = (variantId: number) => shown.lines.find((line) => line.product_variant_id === variantId);
  const discount = Number.parseFloat(proposal.refill_discount_rate);
  const [first, ...later] = chosen.length > 0 ? shown.parcels : [];
  const nameOf = (variantId: number) => proposal.lines.find((line) => line.product_variant_id === variantId)?.name;
  const setLine = (variantId: number, next: Partial<LineChoice>) =>
    setChoice((current) => ({ ...current, [variantId]: { included: false, quantity: 1, ...current[variantId], ...next } }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    setChecked(true);
    const wrong = delivery.form.validateAll().map((field) => fieldId('shipping', field));
    if (delivery.notShipped) wrong.unshift(fieldId('shipping', 'country'));
    if (chosen.length === 0) return setProblem(t('subscribe.nothing-chosen'));
    if (days === undefined || wrong.length > 0) {
      setProblem(t('check-fields'));
      if (wrong[0]) document.getElementById(wrong[0])?.focus();
      return;
    }
    if (delivery.methodId === null) return setProblem(t('subscribe.no-method'));
    const body: SubscribeBody = {
      ...source,
      ...(linesChanged
        ? { lines: chosen.map((line) => ({ product_variant_id: line.product_variant_id, quantity: choiceOf(line.product_variant_id).quantity })) }
        : {}),
      ...(days === null ? {} : { interval_days: days }),
      shipping_address: delivery.form.values satisfies Address,
      shipping_method_id: delivery.methodId,
    };
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };

    inFlight.current = true;
    setSending(true);
    setProblem(null);
    try {
      const subscription = await createSubscription(body, attempt.current.key);
      if (subscription.payment_url) await goToPaymentPage(subscription.payment_url, navigate);
      else await navigate(localizePath(`/account/refills/${String(subscription.id)}`, language));
    } catch (error) {
      const refusal = readRefusal(error);
      if (!refusal.message) console.error('Subscribing failed', error);
      if (refusal.newKey) attempt.current = null;
      if (refusal.staleMethod) void delivery.methods.mutate();
      if (Object.keys(refusal.address).length > 0) {
        delivery.form.setErrors(refusal.address);
        const firstField = Object.keys(refusal.address)[0] as keyof typeof refusal.address;
        document.getElementById(fieldId('shipping', firstField))?.focus();
      }
      setProblem(refusal.message ?? t('subscribe.generic'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <>
      <PageIntro title={t('subscribe.title')}>
        <p className="page-intro__lead">{t('subscribe.lead')}</p>
      </PageIntro>
      <form className="refill-page" noValidate onSubmit={(event) => void onSubmit(event)}>
        <section className="refill-card" aria-labelledby="refill-schedule-title">
          <h2 id="refill-schedule-title">{t('subscribe.schedule-title')}</h2>
          <p>{t('subscribe.every', { n: shown.interval_days })}</p>
          {discount > 0 && (
            <p className="refill-discount">{t('subscribe.discount', { rate: formatShare(discount / 100, language) })}</p>
          )}
          {first && (
            <>
              <h3 className="refill-subtitle">{t('subscribe.first', { date: formatDay(first.date, language) })}</h3>
              <ParcelPlanLines plan={first} currency={proposal.currency} label={t('subscribe.parcel', { date: formatDay(first.date, language) })} nameOf={nameOf} />
            </>
          )}
          {later.length > 0 && (
            <>
              <h3 className="refill-subtitle">{t('subscribe.then')}</h3>
              <ol className="refill-plans">
                {later.map((parcel) => {
                  const title = t('subscribe.parcel', { date: formatDay(parcel.date, language) });
                  return (
                    <li key={parcel.date}>
                      <p className="refill-plans__date">{title}</p>
                      <ParcelPlanLines plan={parcel} currency={proposal.currency} label={title} nameOf={nameOf} />
                    </li>
                  );
                })}
              </ol>
            </>
          )}
          <p className="refill-hint">{t('next.shipping-note')}</p>
          <p className="refill-hint" role="status">
            {chosen.length === 0 ? t('subscribe.nothing-chosen') : updating ? t('subscribe.updating') : ''}
          </p>
        </section>

        <section className="refill-card" aria-labelledby="refill-lines-title">
          <h2 id="refill-lines-title">{t('subscribe.lines-title')}</h2>
          <ul className="refill-lines">
            {proposal.lines.map((line) => {
              const mine = choiceOf(line.product_variant_id);
              const facts = factsOf(line.product_variant_id) ?? line;
              return (
                <li key={line.product_variant_id} className="refill-line">
                  <label className="refill-check refill-line__name">
                    <input
                      type="checkbox"
                      checked={mine.included}
                      onChange={(event) => setLine(line.product_variant_id, { included: event.target.checked })}
                    />
                    {t('lines.include', { name: line.name })}
                  </label>
                  <LineQuantity
                    name={line.name}
                    quantity={mine.quantity}
                    disabled={!mine.included}
                    onSet={(quantity) => setLine(line.product_variant_id, { quantity })}
                  />
                  <ul className="refill-line__facts">
                    <li>{t('lines.unit-price', { price: money(line.unit_price) })}</li>
                    <li>{facts.days_of_supply === null ? t('lines.no-days') : t('lines.days', { n: facts.days_of_supply })}</li>
                    {mine.included && facts.runs_out_on && (
                      <li>{t('lines.runs-out', { date: formatDay(facts.runs_out_on, language) })}</li>
                    )}
                  </ul>
                </li>
              );
            })}
          </ul>
          <IntervalField
            draft={interval}
            defaultDays={shown.default_interval_days}
            onChange={setIntervalDraft}
            showError={checked}
          />
        </section>

        <section className="refill-card" aria-labelledby="refill-delivery-title">
          <h2 id="refill-delivery-title">{t('delivery.title')}</h2>
          <DeliveryFields delivery={delivery} methodTitleId="refill-method-title" />
        </section>

        <div className="refill-submit">
          <button type="submit" className="button" disabled={sending}>
            {t('subscribe.submit')}
          </button>
          {sending && <p role="status">{t('subscribe.submitting')}</p>}
          {problem && (
            <p className="refill-error" role="alert">
              {problem}
            </p>
          )}
          <p className="refill-hint">{t('subscribe.pay-note')}</p>
          <LocalizedLink to="/account/refills">{t('back')}</LocalizedLink>
        </div>
      </form>
    </>
  );
}
