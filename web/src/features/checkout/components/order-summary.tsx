import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { OutOfStockLines } from '../../../components/ui/out-of-stock-lines';
import { StockBadge } from '../../../components/ui/stock-badge';
import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n';
import { exceedsStock, type Stock } from '../../../lib/stock/stock';
import type { CheckoutCartLine } from '../api/get-cart';
import type { Summary } from '../api/types';
import { formatRate } from './format-rate';

/**
 * What the cart costs delivered, exactly as the server priced it (nothing is recomputed here): the lines,
 * the subtotal, the buyer's discount when there is one, shipping, and the total with the VAT it includes.
 * Lines that cannot be bought now are named in a notice (a sold-out one says so); the server left them out
 * of the totals. Each line shows its stock from the cart when there is something to say, and lines asking
 * for more than is left are named before paying (paying would be refused for them).
 */
export function OrderSummary({ summary, cartLines }: { summary: Summary; cartLines: readonly CheckoutCartLine[] }) {
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  const money = (amount: string) => formatMoney(amount, summary.currency);
  const free = Number.parseFloat(summary.shipping) === 0;
  const stockOf = (variantId: number): Stock | undefined =>
    cartLines.find((line) => line.product_variant_id === variantId)?.stock;
  const short = summary.lines.flatMap((line) => {
    const stock = stockOf(line.product_variant_id);
    return exceedsStock(stock, line.quantity)
      ? [{ product_variant_id: line.product_variant_id, name: line.name, available: stock?.available ?? 0 }]
      : [];
  });

  return (
    <>
      {summary.problems.length > 0 && (
        <div className="checkout-notice checkout-notice--warning" role="alert">
          <p>{t('summary.problems')}</p>
          <ul>
            {summary.problems.map((problem) => (
              <li key={problem.product_variant_id}>
                {problem.name}
                <WithStock stock={stockOf(problem.product_variant_id)} />
              </li>
            ))}
          </ul>
          <p>
            {t('summary.problems-action')} <LocalizedLink to="/cart">{t('summary.to-cart')}</LocalizedLink>
          </p>
        </div>
      )}
      {short.length > 0 && (
        <div className="checkout-notice checkout-notice--warning" role="alert">
          <p>{t('summary.short')}</p>
          <OutOfStockLines lines={short} />
          <p>
            {t('summary.short-action')} <LocalizedLink to="/cart">{t('summary.to-cart')}</LocalizedLink>
          </p>
        </div>
      )}
      <ul className="checkout-lines" aria-label={t('summary.lines')}>
        {summary.lines.map((line) => (
          <li key={line.product_variant_id} className="checkout-lines__item">
            <span>
              {t('summary.line', { quantity: line.quantity, name: line.name })}
              <WithStock stock={stockOf(line.product_variant_id)} />
            </span>
            <span className="checkout-lines__total">{money(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-totals">
        <div className="checkout-totals__row">
          <dt>{t('summary.subtotal')}</dt>
          <dd>{money(summary.subtotal)}</dd>
        </div>
        {Number.parseFloat(summary.discount) > 0 && (
          <div className="checkout-totals__row">
            <dt>{t('summary.discount', { rate: formatRate(summary.discount_rate, language) })}</dt>
            <dd>{t('summary.minus', { amount: money(summary.discount) })}</dd>
          </div>
        )}
        <div className="checkout-totals__row">
          <dt>{t('summary.shipping', { method: summary.shipping_method.name })}</dt>
          <dd>{free ? t('summary.free') : money(summary.shipping)}</dd>
        </div>
        <div className="checkout-totals__row checkout-totals__row--total">
          <dt>{t('summary.total')}</dt>
          <dd>{money(summary.total)}</dd>
        </div>
        <div className="checkout-totals__row checkout-totals__row--vat">
          <dt>{t('summary.vat')}</dt>
          <dd>{money(summary.vat)}</dd>
        </div>
      </dl>
    </>
  );
}

/** After a name: a space and the line's stock, when there is something to say of it. */
function WithStock({ stock }: { stock: Stock | undefined }) {
  if (!stock || stock.state === 'in_stock') return null;
  return (
    <>
      {' '}
      <StockBadge stock={stock} />
    </>
  );
}
