import { apiFetch } from '../../../lib/api/http';

/**
 * `POST /v2/storefront/cart/items` for "move to cart". The wishlist has its own call rather than the
 * cart feature's (features do not import each other); the cart hears of it through the realtime
 * registry (`notifyTopic('cart.updated')`).
 */
export async function addToCart(productVariantId: number): Promise<void> {
  await apiFetch<unknown>('/v2/storefront/cart/items', {
    method: 'POST',
    auth: 'required',
    body: { product_variant_id: productVariantId, quantity: 1 },
  });
}
