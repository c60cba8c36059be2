import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
import { notifyTopic } from '../../../lib/realtime';

/**
 * POST /v2/account/wishlist {product_variant_id} (spec: docs/spec-coverage.md#s7-wishlist): answers the whole
 * list. This tab's wishlist screens hear of it at once through the topic (they skip the socket's event of
 * this page's own write, since the wishlist's own writes answer into their key; this one is the product
 * page's).
 */
export async function addToWishlist(productVariantId: number): Promise<Schemas['WishlistOut']> {
  const wishlist = await apiFetch<Schemas['WishlistOut']>('/v2/account/wishlist', {
    method: 'POST',
    body: { product_variant_id: productVariantId },
    auth: 'required',
  });
  notifyTopic('wishlist.updated', { count: wishlist.data.length });
  return wishlist;
}
