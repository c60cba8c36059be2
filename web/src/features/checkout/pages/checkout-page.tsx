import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { AddressFields, fieldId } from '../../../components/ui/address-fields';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { OutOfStockLines } from '../../../components/ui/out-of-stock-lines';
import { PageIntro } from '../../../components/ui/page-intro';
import { SavedAddresses } from '../../../components/ui/saved-addresses';
import { ShippingMethods } from '../../../components/ui/shipping-methods';
import { SignInIntro } from '../../../components/ui/sign-in-intro';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key';
import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { goToPaymentPage } from '../../../lib/payments/go-to-payment-page';
import { getLocation, useRegion } from '../../../lib/session';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { SHIPPING_COUNTRIES, type AddressValues } from '../../../lib/shipping/address-rules';
import { useSavedAddresses } from '../../../lib/shipping/get-saved-addresses';
import { isNotShippedTo, useShippingMethods } from '../../../lib/shipping/get-shipping-methods';
import { useAddressForm, type AddressErrors } from '../../../lib/shipping/use-address-form';
import { useCheckoutCart, type CheckoutCartLine } from '../api/get-cart';
import { useSummary } from '../api/get-summary';
import { placeOrder } from '../api/place-order';
import type { PlacedOrder, PlaceOrderBody } from '../api/types';
import { AcceptedMethods } from '../components/accepted-methods';
import { readFailure, type CheckoutFailure } from '../components/checkout-failure';
import { OrderSummary } from '../components/order-summary';
import '../checkout.css';

/**
 * `/{lang}/checkout` (docs/decisions/0019-the-checkout-page.md): the shipping address (a saved one or typed),
 * an optional billing address, the shipping method, the summary priced on the server, and Pay, which places
 * the order and sends the buyer to the payment provider's page. Needs sign-in, like the cart.
 */
export function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const signedIn = useSignedIn();
  const { data: cartLines, error, mutate } = useCheckoutCart(signedIn);

  if (!signedIn) {
    return <SignInIntro title={t('title')} lead={t('signed-out.text')} signIn={t('signed-out.sign-in')} />;
  }
  if (cartLines === undefined) {
    return (
      <PageIntro title={t('title')}>
        {error ? (
          <div className="checkout-message" role="alert">
            <p>{t('load-failed')}</p>
            <button type="button" className="button" onClick={() => void mutate()}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <p className="checkout-message" aria-busy="true">
            {t('loading')}
          </p>
        )}
      </PageIntro>
    );
  }
  if (cartLines.length === 0) {
    return (
      <PageIntro title={t('title')}>
        <div className="checkout-message">
          <h2>{t('empty.title')}</h2>
          <p>{t('empty.text')}</p>
          <LocalizedLink className="button" to="/products">
            {t('empty.browse')}
          </LocalizedLink>
        </div>
      </PageIntro>
    );
  }
  return <CheckoutForm cartLines={cartLines} onCartChanged={() => void mutate()} />;
}

/** The country to start with: the only one, or the visitor's own (the location lookup) when shipped to. */
function startCountry(countries: readonly string[]): string {
  if (countries.length === 1) return countries[0] ?? '';
  const located = getLocation()?.country_code;
  return located && countries.includes(located) ? located : '';
}

function CheckoutForm({ cartLines, onCartChanged }: { cartLines: CheckoutCartLine[]; onCartChanged: () => void }) {
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  const navigate = useNavigate();
  const region = useRegion();
  const countries = SHIPPING_COUNTRIES[region];
  const shipping = useAddressForm(countries, startCountry(countries));
  const billing = useAddressForm(countries);
  const [sameBilling, setSameBilling] = useState(true);
  const [chosenMethod, setChosenMethod] = useState<number | null>(null);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  // One key per checkout attempt: kept while what is sent stays the same, so a double click or a retry
  // gets the order made the first time; any change of the form makes a new attempt.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const inFlight = useRef(false);

  // Another store chosen in the header (here or in another tab): its own countries.
  const [formRegion, setFormRegion] = useState(region);
  if (formRegion !== region) {
    setFormRegion(region);
    const keep = (values: AddressValues) => ({
      ...values,
      country: countries.includes(values.country) ? values.country : startCountry(countries),
    });
    shipping.setValues(keep);
    billing.setValues(keep);
  }

  const addresses = useSavedAddresses(true);
  const savedAddresses = (addresses.data ?? []).filter((address) => countries.includes(address.country));
  const country = countries.includes(shipping.values.country) ? shipping.values.country : null;
  const methods = useShippingMethods(country);
  const notShipped = isNotShippedTo(methods.error);
  const methodList = country && !notShipped ? (methods.data ?? []) : [];
  const methodId = methodList.some((method) => method.id === chosenMethod) ? chosenMethod : (methodList[0]?.id ?? null);
  const summary = useSummary(methodId === null ? null : country, methodId);
  const shown = summary.data && methodId !== null ? summary.data : null;
  const blocked = Boolean(shown && shown.problems.length > 0);

  const shippingErrors: AddressErrors =
    notShipped && !shipping.errors.country ? { ...shipping.errors, country: { problem: 'not shipped to' } } : shipping.errors;

  const focusField = (id: string | undefined) => {
    if (id) document.getElementById(id)?.focus();
  };

  const goToPayment = async (placed: PlacedOrder) => {
    if (!placed.payment_url) {
      await navigate(localizePath(`/account/orders/${encodeURIComponent(placed.number)}`, language));
      return;
    }
    await goToPaymentPage(placed.payment_url, navigate);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const wrong = [
      ...shipping.validateAll().map((field) => fieldId('shipping', field)),
      ...(sameBilling ? [] : billing.validateAll().map((field) => fieldId('billing', field))),
    ];
    if (notShipped) wrong.unshift(fieldId('shipping', 'country'));
    if (wrong.length > 0) {
      setFailure({ kind: 'invalid' });
      focusField(wrong[0]);
      return;
    }
    if (methodId === null) {
      setFailure({ kind: 'no-method' });
      return;
    }
    const body: PlaceOrderBody = {
      shipping_address: shipping.values,
      ...(sameBilling ? {} : { billing_address: billing.values }),
      shipping_method_id: methodId,
    };
    const fingerprint = JSON.stringify([region, body]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    const key = attempt.current.key;

    inFlight.current = true;
    setPaying(true);
    setFailure(null);
    try {
      await goToPayment(await placeOrder(body, key));
    } catch (error) {
      const read = readFailure(error);
      if (read.failure.kind === 'generic') console.error('Checkout failed', error);
      if (read.newKey) attempt.current = null;
      if (read.staleMethod) void methods.mutate();
      if (read.staleCart) {
        void summary.mutate();
        onCartChanged();
      }
      if (read.failure.kind === 'fields') {
        shipping.setErrors(read.shipping);
        billing.setErrors(read.billing);
        const first = [
          ...Object.keys(read.shipping).map((field) => fieldId('shipping', field as keyof AddressValues)),
          ...Object.keys(read.billing).map((field) => fieldId('billing', field as keyof AddressValues)),
        ];
        focusField(first.find((id) => document.getElementById(id)));
      }
      setFailure(read.failure);
    } finally {
      inFlight.current = false;
      setPaying(false);
    }
  };

  return (
    <>
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('lead')}</p>
      </PageIntro>
      <form className="checkout" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="checkout__main">
          <section className="checkout-card" aria-labelledby="checkout-shipping-title">
            <h2 id="checkout-shipping-title">{t('address.shipping')}</h2>
            <SavedAddresses addresses={savedAddresses} current={shipping.values} onChoose={shipping.fill} />
            <AddressFields kind="shipping" form={shipping} countries={countries} errors={shippingErrors} />
            <label className="checkout-check">
              <input type="checkbox" checked={sameBilling} onChange={(event) => setSameBilling(event.target.checked)} />
              {t('address.same-billing')}
            </label>
          </section>
          {!sameBilling && (
            <section className="checkout-card" aria-labelledby="checkout-billing-title">
              <h2 id="checkout-billing-title">{t('address.billing')}</h2>
              <AddressFields kind="billing" form={billing} countries={countries} />
            </section>
          )}
          <section className="checkout-card" aria-labelledby="checkout-method-title">
            <h2 id="checkout-method-title">{t('method.title')}</h2>
            {!country || notShipped ? (
              <p className="checkout-card__hint">{t('method.choose-country')}</p>
            ) : methods.data ? (
              methodList.length > 0 ? (
                <ShippingMethods
                  methods={methodList}
                  chosen={methodId}
                  onChoose={setChosenMethod}
                  labelledBy="checkout-method-title"
                />
              ) : (
                <p className="checkout-card__hint">{t('method.none')}</p>
              )
            ) : methods.error ? (
              <div role="alert">
                <p>{t('method.failed')}</p>
                <button type="button" className="button button--secondary" onClick={() => void methods.mutate()}>
                  {t('retry')}
                </button>
              </div>
            ) : (
              <p className="checkout-card__hint" aria-busy="true">
                {t('loading')}
              </p>
            )}
          </section>
        </div>
        <section
          className="checkout-card checkout-summary"
          aria-labelledby="checkout-summary-title"
          aria-busy={summary.isValidating || undefined}
        >
          <h2 id="checkout-summary-title">{t('summary.title')}</h2>
          {shown ? (
            <OrderSummary summary={shown} cartLines={cartLines} />
          ) : summary.error && methodId !== null ? (
            <div role="alert">
              <p>{t('summary.failed')}</p>
              <button type="button" className="button button--secondary" onClick={() => void summary.mutate()}>
                {t('retry')}
              </button>
            </div>
          ) : (
            <p className="checkout-card__hint">{methodId === null ? t('summary.choose-country') : t('loading')}</p>
          )}
          <button type="submit" className="button checkout-pay" disabled={paying || blocked}>
            {t('pay.button')}
          </button>
          {paying && (
            <p className="checkout-card__hint" role="status">
              {t('pay.paying')}
            </p>
          )}
          {failure && <FailureNotice failure={failure} />}
          <p className="checkout-card__hint">{t('pay.note')}</p>
          <AcceptedMethods />
        </section>
      </form>
    </>
  );
}

function FailureNotice({ failure }: { failure: CheckoutFailure }) {
  const { t } = useTranslation('checkout');
  const orderLink = (number: string | null) =>
    number ? (
      <LocalizedLink to={`/account/orders/${encodeURIComponent(number)}`}>{t('errors.view-order', { number })}</LocalizedLink>
    ) : (
      <LocalizedLink to="/account/orders">{t('errors.your-orders')}</LocalizedLink>
    );
  let content;
  switch (failure.kind) {
    case 'invalid':
    case 'fields':
      content = <p>{t('errors.check-fields')}</p>;
      break;
    case 'no-method':
      content = <p>{t('errors.no-method')}</p>;
      break;
    case 'conflict':
      content = (
        <>
          <p>{failure.message}</p>
          {failure.order && <p>{orderLink(failure.order)}</p>}
        </>
      );
      break;
    case 'out-of-stock':
      content = (
        <>
          <p>{t('errors.out-of-stock')}</p>
          <OutOfStockLines lines={failure.lines} />
          <p>
            {t('errors.out-of-stock-action')} <LocalizedLink to="/cart">{t('summary.to-cart')}</LocalizedLink>
          </p>
        </>
      );
      break;
    case 'unavailable':
      content = (
        <>
          <p>{t('errors.unavailable')}</p>
          <p>{orderLink(failure.order)}</p>
        </>
      );
      break;
    case 'generic':
      content = <p>{t('errors.generic')}</p>;
      break;
  }
  return (
    <div className="checkout-notice checkout-notice--error" role="alert">
      {content}
    </div>
  );
}
