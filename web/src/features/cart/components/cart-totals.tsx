import { useTranslation } from 'react-i18next';

import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n';
import { toLocaleTag, type Language } from '../../../lib/languages';
import type { Cart } from '../api/cart';

function formatRate(rate: string, language: Language): string {
  const value = Number.parseFloat(rate);
  if (!Number.isFinite(value)) return rate;
  return new Intl.NumberFormat(toLocaleTag(language), { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

/** The totals exactly as the server computed them (with the client's discount); nothing is recomputed here. */
export function CartTotals({ cart }: { cart: Cart }) {
  const { t } = useTranslation('cart');
  const language = useCurrentLanguage();
  const money = (amount: string) => formatMoney(amount, cart.currency);

  return (
    <section className="cart-totals" aria-labelledby="cart-totals-title">
      <h2 id="cart-totals-title">{t('totals.title')}</h2>
      <dl>
        <div className="cart-totals__row">
          <dt>{t('totals.items')}</dt>
          <dd>{cart.total_items}</dd>
        </div>
        <div className="cart-totals__row">
          <dt>{t('totals.total-price')}</dt>
          <dd>{money(cart.total_price)}</dd>
        </div>
        <div className="cart-totals__row">
          <dt>{t('totals.discount-rate')}</dt>
          <dd>{formatRate(cart.discount_rate, language)}</dd>
        </div>
        <div className="cart-totals__row">
          <dt>{t('totals.total-discount')}</dt>
          <dd>{money(cart.total_discount)}</dd>
        </div>
        <div className="cart-totals__row cart-totals__row--total">
          <dt>{t('totals.total-after-discount')}</dt>
          <dd>{money(cart.total_price_after_discount)}</dd>
        </div>
      </dl>
    </section>
  );
}
