import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { server } from '../../testing/msw-server';
import { registerTopic } from '../realtime/topic-registry';
import { setTokens } from '../session/token-store';
import { addVariantToCart, postCartItem, type CartReply } from './add-to-cart';

const CART: CartReply = {
  items: [],
  total_items: 2,
  total_price: '20.00',
  total_discount: '0.00',
  total_price_after_discount: '20.00',
  discount_rate: '0.00',
  currency: 'EUR',
};

function cartItemsServer() {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/v2/storefront/cart/items', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(CART);
    }),
  );
  return bodies;
}

describe('adding to the cart', () => {
  beforeEach(() => setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 4 }));
  afterEach(() => setTokens(null));

  it('sends a count under 1 as 1 and answers the whole cart', async () => {
    const bodies = cartItemsServer();

    await expect(postCartItem(12, 0)).resolves.toEqual(CART);

    expect(bodies).toEqual([{ product_variant_id: 12, quantity: 1 }]);
  });

  it('tells this tab’s cart screens at once when another screen adds', async () => {
    const bodies = cartItemsServer();
    const heard: unknown[] = [];
    const stop = registerTopic('cart.updated', (data) => heard.push(data));

    await addVariantToCart(12, 3);
    stop();

    expect(bodies).toEqual([{ product_variant_id: 12, quantity: 3 }]);
    expect(heard).toEqual([{ total_items: 2 }]);
  });

  it('does not raise the topic for the cart’s own writes', async () => {
    cartItemsServer();
    const heard: unknown[] = [];
    const stop = registerTopic('cart.updated', (data) => heard.push(data));

    await postCartItem(12);
    stop();

    expect(heard).toEqual([]);
  });
});
