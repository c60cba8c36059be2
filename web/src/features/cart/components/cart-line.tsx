import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { ProductImage } from '../../../components/ui/product-image';
import { StockBadge } from '../../../components/ui/stock-badge';
import { formatMoney } from '../../../lib/format/money';
import { exceedsStock } from '../../../lib/stock/stock';
import type { CartItem } from '../api/cart';
import { thumbnailOf } from '../api/thumbnail';
import type { useCartActions } from '../api/use-cart-actions';
import { CartSubstitute } from './cart-substitute';
import { QuantityStepper } from './quantity-stepper';

/** Availability 2 is "Unavailable" (spec: docs/spec-coverage.md#s3-availability-options). */
const UNAVAILABLE = 2;

interface CartLineProps {
  item: CartItem;
  currency: string;
  actions: ReturnType<typeof useCartActions>;
}

export function CartLine({ item, currency, actions }: CartLineProps) {
  const { t } = useTranslation('cart');
  const thumbnail = thumbnailOf(item.assets);
  const id = item.product_variant_id;
  // What the line's stock asks of the buyer; the server still decides at checkout what can be ordered.
  const soldOut = item.stock.state === 'sold_out';
  const tooMany = exceedsStock(item.stock, item.quantity);

  return (
    <li className="line-row cart-line" data-variant-id={id}>
      <div className="line-row__image">
        <ProductImage src={thumbnail?.src} alt={thumbnail?.alt ?? item.name} width={96} height={96} loading="lazy" />
      </div>
      <div className="line-row__info">
        <LocalizedLink className="line-row__name" to={`/products/${item.slug}`}>
          {item.name}
        </LocalizedLink>
        <p className="cart-line__variant">{t('line.variant', { unit: item.unit_of_measure, sku: item.sku })}</p>
        <p className="cart-line__price">{t('line.unit-price', { price: formatMoney(item.price, currency) })}</p>
        {item.stock.state !== 'in_stock' && (
          <p className="cart-line__stock">
            <StockBadge stock={item.stock} />
          </p>
        )}
        {soldOut && <p className="cart-line__unavailable">{t('line.sold-out-hint')}</p>}
        {/* Only a sold-out line asks for an alternative: one call per such line, none for the rest. */}
        {soldOut && <CartSubstitute item={item} actions={actions} />}
        {tooMany && <p className="cart-line__unavailable">{t('line.too-many')}</p>}
        {item.availability === UNAVAILABLE && item.stock.state === 'in_stock' && (
          <p className="cart-line__unavailable">{t('line.unavailable')}</p>
        )}
      </div>
      <QuantityStepper
        key={item.quantity}
        name={item.name}
        quantity={item.quantity}
        disabled={actions.pending}
        onDecrement={() => void actions.decrement(id)}
        onIncrement={() => void actions.add(id, 1)}
        onSet={(quantity) => void actions.setQuantity(id, quantity)}
      />
      <p className="line-row__amount" aria-label={t('line.line-total', { name: item.name })}>
        {formatMoney(item.line_total, currency)}
      </p>
      <button
        type="button"
        className="text-button"
        aria-label={t('line.remove-label', { name: item.name })}
        disabled={actions.pending}
        onClick={() => void actions.removeLine(id)}
      >
        {t('line.remove')}
      </button>
    </li>
  );
}
