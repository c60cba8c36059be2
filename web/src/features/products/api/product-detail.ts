import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useRegion } from '../../../lib/session/region';
import type { ProductDetail } from './types';

/** GET /v2/storefront/products/{slug}; an unknown slug is a 404 ApiError. */
export function fetchProduct(slug: string): Promise<ProductDetail> {
  return apiFetch<ProductDetail>(`/v2/storefront/products/${encodeURIComponent(slug)}`, { auth: 'optional' });
}

export function useProduct(slug: string) {
  const language = useCurrentLanguage();
  const region = useRegion();
  return useSWR<ProductDetail, unknown>(['storefront/product', slug, language, region], () => fetchProduct(slug), {
    // A 404 stays a 404: retrying it only delays the not-found screen.
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
