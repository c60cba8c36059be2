import { apiFetch } from '../../../lib/api/http';
import { attributionPath } from './keys';
import type { AttributionReply } from './types';

/** The server takes 1 to 100 variant ids a call (docs/api.md "Attribution"). */
export const ATTRIBUTION_BATCH = 100;

/**
 * `POST /v2/storefront/stores/{shop_name}/attribution {product_variant_ids}`: the variants a signed-in
 * visitor put in the cart from this store page count for its practitioner. Ids are sent once each, in
 * batches the server accepts; nothing is sent for an empty list. Answers how many were recorded.
 */
export async function recordAttribution(shopName: string, variantIds: readonly number[]): Promise<number> {
  const unique = [...new Set(variantIds)];
  let recorded = 0;
  for (let start = 0; start < unique.length; start += ATTRIBUTION_BATCH) {
    const reply = await apiFetch<AttributionReply>(attributionPath(shopName), {
      method: 'POST',
      auth: 'required',
      body: { product_variant_ids: unique.slice(start, start + ATTRIBUTION_BATCH) },
    });
    recorded += reply.recorded;
  }
  return recorded;
}
