import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { OutOfStockLines } from '../../../components/ui/out-of-stock-lines';
import { PageIntro } from '../../../components/ui/page-intro';
import { SignInIntro } from '../../../components/ui/sign-in-intro';
import { ApiError } from '../../../lib/api/http';
import { formatDate } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n/use-current-language';
import { USER_TYPES, useSession } from '../../../lib/session';
import { readOutOfStock, type ShortLine } from '../../../lib/stock/out-of-stock';
import { toast } from '../../../lib/toast/toast-store';
import { buyAgain } from '../api/buy-again';
import { cancelOrder } from '../api/cancel-order';
import { useOrder } from '../api/get-order';
import { getPaymentLink } from '../api/get-payment-link';
import { OrderState, useStateLabel } from '../components/order-state';
import '../orders.css';

/** The states of an order that was paid and not refunded in full: it can be refilled automatically. */
const REFILLABLE: readonly string[] = ['paid', 'fulfilled', 'delivered', 'partially_refunded'];

/**
 * `/{lang}/account/orders/{number}`: one order with its lines, totals (VAT included), delivery address,
 * tracking and history, live: a payment finished on another device shows here without a reload. Buy again
 * refills the cart; an unpaid order can be paid or cancelled; a paid one can be refilled automatically (a
 * client's), and a parcel of an automatic refill links to it. Paying again is refused (409 `out_of_stock`)
 * when its units were released and are gone meanwhile: the page then names each line with what is left.
 */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const language = useCurrentLanguage();
  const stateLabel = useStateLabel();
  const { number = '' } = useParams();
  const { tokens, user } = useSession();
  const { data: order, error, isLoading, mutate } = useOrder(number, Boolean(tokens));
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [short, setShort] = useState<ShortLine[] | null>(null);

  if (!tokens) {
    return <SignInIntro title={t('order-title', { number })} lead={t('signed-out')} signIn={t('sign-in')} />;
  }
  const back = (
    <LocalizedLink className="orders-back" to="/account/orders">
      {t('back')}
    </LocalizedLink>
  );
  if (isLoading) return <p aria-busy="true">{t('loading')}</p>;
  if (!order) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <PageIntro title={t('order-title', { number })}>
        <p role="alert">{missing ? t('not-found') : t('failed')}</p>
        {!missing && (
          <button type="button" className="button" onClick={() => void mutate()}>
            {t('retry')}
          </button>
        )}
        {back}
      </PageIntro>
    );
  }

  const money = (amount: string) => formatMoney(amount, order.currency);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const onBuyAgain = () =>
    run(async () => {
      try {
        const { skipped } = await buyAgain(order.number);
        toast.success(skipped.length ? t('bought-again-skipped', { names: skipped.join(', ') }) : t('bought-again'));
      } catch (failure) {
        toast.error(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : t('buy-again-failed'));
      }
    });
  const onPay = () =>
    run(async () => {
      setShort(null);
      try {
        const link = await getPaymentLink(order.number);
        if (link.payment_url) window.location.assign(link.payment_url);
        else await mutate();
      } catch (failure) {
        const lines = readOutOfStock(failure);
        if (lines) setShort(lines);
        else toast.error(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : t('pay-failed'));
      }
    });
  const onCancel = () =>
    run(async () => {
      try {
        await mutate(await cancelOrder(order.number), { revalidate: false });
        setAsking(false);
        toast.success(t('cancelled'));
      } catch (failure) {
        toast.error(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : t('cancel-failed'));
      }
    });
  const address = order.shipping_address;
  const unpaid = order.state === 'awaiting_payment';

  return (
    <>
      <PageIntro title={t('order-title', { number: order.number })}>
        <p className="page-intro__lead">
          {t('placed', { date: formatDate(order.created_at, language) })} <OrderState state={order.state} />
        </p>
        {back}
      </PageIntro>
      <div className="order-page">
        <section className="order-card" aria-labelledby="order-lines">
          <h2 id="order-lines">{t('lines')}</h2>
          <ul className="order-lines">
            {order.lines.map((line) => (
              <li key={`${line.sku}-${String(line.product_id)}`} className="order-lines__item">
                <span>
                  {t('quantity', { n: line.quantity })} {line.name}
                </span>
                <span className="order-lines__total">{money(line.total)}</span>
              </li>
            ))}
          </ul>
          <dl className="order-totals">
            <dt>{t('subtotal')}</dt>
            <dd>{money(order.subtotal)}</dd>
            {Number.parseFloat(order.discount) > 0 && (
              <>
                <dt>{t('discount', { rate: Number.parseFloat(order.discount_rate) })}</dt>
                <dd>{t('minus', { amount: money(order.discount) })}</dd>
              </>
            )}
            <dt>{t('shipping', { method: order.shipping_method })}</dt>
            <dd>{money(order.shipping)}</dd>
            <dt className="order-totals__total">{t('total')}</dt>
            <dd className="order-totals__total">{money(order.total)}</dd>
            <dt className="order-totals__vat">{t('vat')}</dt>
            <dd className="order-totals__vat">{money(order.vat)}</dd>
            {Number.parseFloat(order.refunded) > 0 && (
              <>
                <dt>{t('refunded')}</dt>
                <dd>{money(order.refunded)}</dd>
              </>
            )}
          </dl>
          <div className="order-actions">
            {unpaid && (
              <button type="button" className="button" disabled={busy} onClick={() => void onPay()}>
                {t('pay')}
              </button>
            )}
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void onBuyAgain()}>
              {t('buy-again')}
            </button>
            {unpaid && !asking && (
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => setAsking(true)}>
                {t('cancel')}
              </button>
            )}
          </div>
          {order.subscription_id !== null ? (
            <p className="order-refill">
              {t('subscription.part-of')}{' '}
              <LocalizedLink to={`/account/refills/${String(order.subscription_id)}`}>{t('subscription.open')}</LocalizedLink>
            </p>
          ) : (
            user?.userTypeId === USER_TYPES.CLIENT &&
            REFILLABLE.includes(order.state) && (
              <p className="order-refill">
                <LocalizedLink
                  className="button button--secondary"
                  to={`/account/refills/new?order_number=${encodeURIComponent(order.number)}`}
                  aria-describedby="order-refill-hint"
                >
                  {t('subscription.start')}
                </LocalizedLink>{' '}
                <span id="order-refill-hint" className="order-refill__hint">
                  {t('subscription.start-hint')}
                </span>
              </p>
            )
          )}
          {unpaid && short && (
            <div className="order-notice" role="alert">
              <p>{t('pay-out-of-stock')}</p>
              <OutOfStockLines lines={short} />
              <p>{t('pay-out-of-stock-action')}</p>
            </div>
          )}
          {unpaid && asking && (
            <div className="order-confirm" role="alertdialog" aria-label={t('cancel')}>
              <p>{t('cancel-confirm')}</p>
              <button type="button" className="button" disabled={busy} onClick={() => void onCancel()}>
                {t('cancel')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
                {t('keep')}
              </button>
            </div>
          )}
        </section>
        <section className="order-card" aria-labelledby="order-address">
          <h2 id="order-address">{t('address')}</h2>
          <p className="order-address">
            {address.first_name} {address.last_name}
            <br />
            {address.line1}
            {address.line2 && (
              <>
                <br />
                {address.line2}
              </>
            )}
            <br />
            {address.postcode} {address.city}
            <br />
            {address.country}
          </p>
          {order.tracking_reference && (
            <>
              <h2>{t('tracking')}</h2>
              <p>{t('tracking-text', { carrier: order.carrier, reference: order.tracking_reference })}</p>
            </>
          )}
        </section>
        <section className="order-card" aria-labelledby="order-history">
          <h2 id="order-history">{t('history')}</h2>
          <ol className="order-history">
            {order.history.map((entry) => (
              <li key={`${entry.state}-${entry.at}`}>
                <span>{stateLabel(entry.state)}</span>{' '}
                <time dateTime={entry.at}>{formatDate(entry.at, language, { time: true })}</time>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
