import { LocalizedLink } from '../../../components/ui/localized-link';
import { ProductImage } from '../../../components/ui/product-image';

/** A small row of the search dropdown: thumbnail, brand and name, linking to the product page. */
export function SearchProductLink({
  slug,
  name,
  brand,
  imageUrl,
  onOpen,
}: {
  slug: string;
  name: string;
  brand?: string;
  imageUrl: string | undefined;
  onOpen?: () => void;
}) {
  return (
    <LocalizedLink to={`/products/${slug}`} className="search-row" onClick={onOpen}>
      <ProductImage className="search-row__image" src={imageUrl} alt="" width={40} height={40} loading="lazy" />
      <span className="search-row__text">
        {brand && <span className="search-row__brand">{brand}</span>}
        <span className="search-row__name">{name}</span>
      </span>
    </LocalizedLink>
  );
}
