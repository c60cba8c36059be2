import { postCartItem } from '../../../lib/cart/add-to-cart';
import { readCart, type Cart } from './cart';

/**
 * `POST /v2/storefront/cart/items`: adds, merging by variant (spec:
 * docs/spec-coverage.md#s4-cart-add-merges-product); answers the whole cart.
 */
export async function addCartItem(productVariantId: number, quantity = 1): Promise<Cart> {
  // The cart's own screens put the answer into their SWR cache; no topic to raise.
  return readCart(await postCartItem(productVariantId, quantity));
}
