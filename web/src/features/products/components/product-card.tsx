import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { ProductImage } from '../../../components/ui/product-image';
import type { ProductCard as Card } from '../api/types';
import { useFormatPrice } from './use-format-price';

/** One product of the list: image, brand, name, price and whether it can be bought. */
export function ProductCard({ product, eager = false }: { product: Card; eager?: boolean }) {
  const { t } = useTranslation('catalog');
  const formatPrice = useFormatPrice();
  const asset = product.assets[0];
  return (
    <li className="product-card">
      <LocalizedLink to={`/products/${product.slug}`} className="product-card__link">
        <ProductImage
          className="product-card__image"
          src={asset?.thumbnails.thumbnail_250 ?? asset?.image_url}
          alt={asset?.alt_text || product.name}
          width={250}
          height={250}
          // The first row is what the shopper sees first (LCP); the rest load as they scroll in.
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className="product-card__brand">{product.brand.name}</span>
        <span className="product-card__name">{product.name}</span>
      </LocalizedLink>
      <span className="product-card__price">{formatPrice(product.price, product.currency)}</span>
      {!product.is_available && (
        <span className="product-card__badge product-card__badge--muted">{t('product.unavailable')}</span>
      )}
    </li>
  );
}
