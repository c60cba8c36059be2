import useSWR from 'swr';

import { fetchProduct } from '../../../lib/catalog/product';
import { useCurrentLanguage } from '../../../lib/i18n';

/**
 * The size of an alert's variant (`60 capsules`), which the alert itself does not carry (it names the
 * product, the variant's id and its SKU): read from the product (`GET /v2/storefront/products/{slug}`), once
 * per product however many of its sizes the user waits for, in the language of the page. Undefined while
 * it loads, or when the product cannot be read any more (withdrawn): the row then shows the SKU alone.
 */
export function useVariantSize(slug: string, variantId: number): string | undefined {
  const language = useCurrentLanguage();
  const { data } = useSWR(['stock-alerts/product', slug, language] as const, () => fetchProduct(slug, language), {
    // A size's name does not change while the page is open; a 404 stays a 404.
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return data?.variants.find((variant) => variant.id === variantId)?.unit_of_measure || undefined;
}
