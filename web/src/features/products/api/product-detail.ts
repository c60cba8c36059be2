import { useEffect } from 'react';
import useSWR from 'swr';

import { takePrefetched } from '../../../lib/api/prefetch';
import { fetchProduct } from '../../../lib/catalog/product';
import { useCurrentLanguage } from '../../../lib/i18n';
import { registerTopic } from '../../../lib/realtime';
import type { Language } from '../../../lib/languages';
import { useRegion, type Region } from '../../../lib/session/region';
import type { ProductDetail } from './types';

/** Texts follow the language and prices the region; the route loader prefetches under the same key. */
export function productKey(slug: string, language: Language, region: Region) {
  return ['storefront/product', slug, language, region] as const;
}

export function useProduct(slug: string) {
  const language = useCurrentLanguage();
  const region = useRegion();
  const key = productKey(slug, language, region);
  const product = useSWR<ProductDetail, unknown>(key, () => takePrefetched(key, () => fetchProduct(slug, language)), {
    // A 404 stays a 404: retrying it only delays the not-found screen.
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  // Sold out, only a few left or back: `stock.updated` names the products whose stock buyers see changed.
  const productId = product.data?.id;
  const { mutate } = product;
  useEffect(() => {
    if (productId === undefined) return undefined;
    return registerTopic('stock.updated', ({ product_ids }) => {
      if (product_ids.includes(productId)) void mutate();
    });
  }, [productId, mutate]);
  return product;
}
