import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { ProductImage } from '../../../components/ui/product-image';
import { StockBadge } from '../../../components/ui/stock-badge';
import { formatMoney } from '../../../lib/format/money';
import type { useWishlistActions } from '../api/use-wishlist-actions';
import { variantOf, type WishlistItem } from '../api/wishlist';

interface WishlistRowProps {
  item: WishlistItem;
  actions: ReturnType<typeof useWishlistActions>;
}

export function WishlistRow({ item, actions }: WishlistRowProps) {
  const { t } = useTranslation('cart');
  const variant = variantOf(item);
  const asset = item.assets.find((candidate) => candidate.is_primary) ?? item.assets[0];
  const image = asset?.thumbnails.thumbnail_250 || asset?.image_url;
  const name = item.product.name;
  const busy = actions.isBusy(item.product_variant_id);

  return (
    <li className="line-row wishlist-row" data-variant-id={item.product_variant_id}>
      <div className="line-row__image">
        <ProductImage src={image} alt={asset?.alt_text || name} width={96} height={96} loading="lazy" />
      </div>
      <div className="line-row__info">
        <LocalizedLink className="line-row__name" to={`/products/${item.product.slug}`}>
          {name}
        </LocalizedLink>
        <p>{t('wishlist.brand', { brand: item.brand.name })}</p>
        {variant && <p>{variant.unit_of_measure}</p>}
        {variant && variant.stock.state !== 'in_stock' && (
          <p>
            <StockBadge stock={variant.stock} />
          </p>
        )}
      </div>
      {variant && <p className="line-row__amount">{formatMoney(variant.price, variant.currency)}</p>}
      <div className="wishlist-row__actions">
        <button
          type="button"
          className="button"
          aria-label={t('wishlist.move-to-cart-label', { name })}
          disabled={busy}
          onClick={() => void actions.moveToCart(item)}
        >
          {t('wishlist.move-to-cart')}
        </button>
        <button
          type="button"
          className="text-button"
          aria-label={t('wishlist.remove-label', { name })}
          disabled={busy}
          onClick={() => void actions.remove(item.product_variant_id)}
        >
          {t('wishlist.remove')}
        </button>
      </div>
    </li>
  );
}
