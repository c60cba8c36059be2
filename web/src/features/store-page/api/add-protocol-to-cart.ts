import { apiFetch } from '../../../lib/api/http';
import { notifyTopic } from '../../../lib/realtime';
import { cartProtocolPath } from './keys';
import type { CartReply } from './types';

/**
 * `POST /v2/storefront/cart/protocols/{id}?link_token=`: every available line of a protocol reached by
 * its link into the caller's cart; answers the whole cart. The cart badge hears of it through the
 * `cart.updated` topic at once, not only when the socket's event lands.
 */
export async function addProtocolToCart(protocolId: number, linkToken: string): Promise<CartReply> {
  const cart = await apiFetch<CartReply>(cartProtocolPath(protocolId), {
    method: 'POST',
    auth: 'required',
    query: { link_token: linkToken },
  });
  notifyTopic('cart.updated', { total_items: cart.total_items });
  return cart;
}
