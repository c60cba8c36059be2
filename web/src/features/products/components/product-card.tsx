import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { ProductImage } from '../../../components/ui/product-image';
import { StockBadge } from '../../../components/ui/stock-badge';
import type { ProductCard as Card } from '../api/types';
import { cardImageSrc } from './card-image';
import { useFormatPrice } from './use-format-price';

/**
 * One product of the list: image, brand, name, price and its stock when that is worth saying (few left, sold
 * out, on back-order) or, for a product listed as unavailable by hand, that it is. Memoised: the
 * list re-renders as the filter options, the category tree and the counts come in, and 26 cards
 * that have not changed need not render again each time.
 */
export const ProductCard = memo(function ProductCard({ product, eager = false }: { product: Card; eager?: boolean }) {
  const { t } = useTranslation('catalog');
  const formatPrice = useFormatPrice();
  const asset = product.assets[0];
  return (
    <li className="product-card">
      <LocalizedLink to={`/products/${product.slug}`} className="product-card__link">
        <ProductImage
          className="product-card__image"
          src={cardImageSrc(product)}
          alt={asset?.alt_text || product.name}
          width={250}
          height={250}
          // The first row is what the shopper sees first (LCP): asked for ahead of the other images
          // and decoded with the paint; the rest load as they scroll in.
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding={eager ? 'sync' : 'async'}
        />
        <span className="product-card__brand">{product.brand.name}</span>
        <span className="product-card__name">{product.name}</span>
      </LocalizedLink>
      <span className="product-card__price">{formatPrice(product.price, product.currency)}</span>
      {product.stock.state !== 'in_stock' ? (
        <StockBadge stock={product.stock} className="product-card__stock" />
      ) : (
        !product.is_available && (
          <span className="product-card__badge product-card__badge--muted">{t('product.unavailable')}</span>
        )
      )}
    </li>
  );
});
