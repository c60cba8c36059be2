import { useTranslation } from 'react-i18next';

import { ProductImage } from '../../../components/ui/product-image';
import type { ProtocolProduct } from '../api/types';
import { thumbnailSrc } from './product-row';
import { useThumbnailCount } from './thumbnail-count';

/** The first few products' thumbnails (as many as the screen width allows) and how many more there are. */
export function ProtocolThumbnails({ products }: { products: readonly ProtocolProduct[] }) {
  const { t } = useTranslation('builder');
  const count = useThumbnailCount();
  if (products.length === 0) return null;
  const shown = products.slice(0, count);
  const more = products.length - shown.length;
  return (
    <ul className="builder-thumbnails" aria-label={t('card.thumbnails')}>
      {shown.map((product) => (
        <li key={product.product_variant_id}>
          <ProductImage src={thumbnailSrc(product)} alt={product.name} width={40} height={40} loading="lazy" />
        </li>
      ))}
      {more > 0 && (
        <li className="builder-thumbnails__more" aria-label={t('card.more-products', { n: more })}>
          {t('card.more', { n: more })}
        </li>
      )}
    </ul>
  );
}
