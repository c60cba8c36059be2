import { apiFetch } from '../../../lib/api/http';

/**
 * POST /v2/storefront/cart/items (docs/architecture.md, "HTTP API rules"): adds (merges) a variant; the reply is the
 * whole cart, which the cart feature reads from its own call and socket events. Written here,
 * not imported from the cart feature, because features do not import each other.
 */
export function addToCart(productVariantId: number, quantity: number): Promise<unknown> {
  return apiFetch<unknown>('/v2/storefront/cart/items', {
    method: 'POST',
    body: { product_variant_id: productVariantId, quantity },
    auth: 'required',
  });
}
