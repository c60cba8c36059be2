import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { Icon } from '../../../components/icons/icon';
import { PageIntro } from '../../../components/ui/page-intro';
import { formatMoney } from '../../../lib/format/money';
import { chooseOutcome } from '../api/choose-outcome';
import { useTestPayment } from '../api/get-test-payment';
import type { TestOutcome } from '../api/types';
import '../test-payment.css';

/**
 * Mollie's method ids and the logos of spec docs/spec-coverage.md#s3-icons-payment-logos that stand for them.
 */
const LOGOS: Readonly<Record<string, readonly string[]>> = {
  creditcard: ['amex', 'mastercard', 'visa'],
  applepay: ['apple-pay'],
  bancontact: ['bancontact'],
  belfius: ['belfius'],
  ideal: ['ideal'],
  kbc: ['kbc'],
  klarna: ['klarna'],
  paypal: ['paypal'],
};
const OUTCOMES: readonly TestOutcome[] = ['paid', 'failed', 'canceled', 'expired'];

/**
 * `/{lang}/payments/test/{id}`: the embedded test provider's hosted page
 * (docs/decisions/0017-checkout-orders-and-payments.md), served by the shop when no Mollie key is set and
 * marked as a test: the buyer picks a method and an outcome, which reaches the order through the same webhook
 * handling as Mollie's; then back to the shop's return page.
 */
export function TestPaymentPage() {
  const { t } = useTranslation('test-payment');
  const { id = '' } = useParams();
  const { data: payment, error, isLoading } = useTestPayment(id);
  const [method, setMethod] = useState('ideal');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  if (isLoading) return <p aria-busy="true">{t('test.loading')}</p>;
  if (!payment) {
    return (
      <PageIntro title={t('test.title')}>
        <p role="alert">{error ? t('test.not-found') : t('test.loading')}</p>
      </PageIntro>
    );
  }
  const choose = async (outcome: TestOutcome) => {
    setSending(true);
    setFailed(false);
    try {
      const answer = await chooseOutcome(payment.payment_id, outcome, method);
      window.location.assign(answer.redirect_url);
    } catch {
      setFailed(true);
      setSending(false);
    }
  };
  const open = payment.status === 'open';
  return (
    <>
      <PageIntro title={t('test.title')}>
        <p className="test-payment__banner" role="note">
          {t('test.banner')}
        </p>
      </PageIntro>
      <section className="test-payment" aria-labelledby="test-payment-amount">
        <p>{payment.description}</p>
        <p id="test-payment-amount" className="test-payment__amount">
          {formatMoney(payment.amount, payment.currency)}
        </p>
        {!open && <p role="status">{t('test.done')}</p>}
        <fieldset className="test-payment__methods" disabled={!open || sending}>
          <legend>{t('test.method')}</legend>
          {payment.methods.map((name) => (
            <label key={name} className="test-payment__method">
              <input type="radio" name="method" value={name} checked={method === name} onChange={() => setMethod(name)} />
              <span className="test-payment__logos">
                {/* Spaces between the logos keep their names apart for screen readers. */}
                {(LOGOS[name] ?? []).map((logo, index) => (
                  <Fragment key={logo}>
                    {index > 0 && ' '}
                    <Icon type={logo} size={24} />
                  </Fragment>
                ))}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="test-payment__outcomes" role="group" aria-label={t('test.outcome')}>
          {OUTCOMES.map((outcome) => (
            <button
              key={outcome}
              type="button"
              className={outcome === 'paid' ? 'button' : 'button button--secondary'}
              disabled={!open || sending}
              onClick={() => void choose(outcome)}
            >
              {t(`test.outcomes.${outcome}`)}
            </button>
          ))}
        </div>
        {failed && <p role="alert">{t('test.failed')}</p>}
      </section>
    </>
  );
}
