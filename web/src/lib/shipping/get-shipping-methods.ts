import useSWR from 'swr';

import { ApiError, apiFetch } from '../api/http';
import { SHIPPING_METHODS_PATH, shippingMethodsKey } from './keys';
import type { ShippingMethod } from './types';

/**
 * `GET /v2/checkout/shipping-methods?country=XX`: the caller's store's methods to that country; a country
 * the store does not ship to is a 422 `{"country": ["not shipped to"]}`.
 */
export function fetchShippingMethods(country: string): Promise<ShippingMethod[]> {
  return apiFetch<ShippingMethod[]>(SHIPPING_METHODS_PATH, { auth: 'required', query: { country } });
}

/** Whether an answer of this call says the store does not ship to the country. */
export function isNotShippedTo(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422;
}

/** Asked once a country is chosen (`null`: nothing to ask). */
export function useShippingMethods(country: string | null) {
  return useSWR<ShippingMethod[], unknown>(
    country ? shippingMethodsKey(country) : null,
    () => fetchShippingMethods(country ?? ''),
    {
      // A country not shipped to stays one: asking again will not change that.
      shouldRetryOnError: (error) => !isNotShippedTo(error),
      revalidateOnFocus: false,
    },
  );
}
