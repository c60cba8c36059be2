import { apiFetch } from '../api/http';
import type { Schemas } from '../api/types';
import type { Language } from '../languages';

/**
 * GET /v2/storefront/products/{slug}; an unknown slug is a 404 ApiError. Shared here because the product
 * page reads it whole and the back-in-stock alerts read a size's name out of it (an alert names its
 * product and variant, not the variant's size), and features do not import each other.
 */
export function fetchProduct(slug: string, language: Language): Promise<Schemas['ProductDetail']> {
  return apiFetch<Schemas['ProductDetail']>(`/v2/storefront/products/${encodeURIComponent(slug)}`, {
    auth: 'optional',
    language,
  });
}
