import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { registerTopic, topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { addProtocolToCart } from '../../../lib/cart/add-to-cart';
import { deleteClientProtocol } from './delete-client-protocol';
import { fetchLinkedProtocol, useLinkedProtocol } from './get-linked-protocol';
import { fetchClientProtocols, useClientProtocols } from './list-client-protocols';
import type { CartReply, LinkedProtocol, SharedProtocol } from './types';

const PRACTITIONER = { id: 2, first_name: 'Pia', last_name: 'Holm', name: 'Pia Holm' };
const LINKED: LinkedProtocol = {
  protocol_id: 7,
  id: 7,
  name: 'Sleep',
  description: 'Evening',
  total_price: '0.00',
  currency: 'EUR',
  product_count: 0,
  products: [],
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:00:00Z',
  practitioner: PRACTITIONER,
  daily_totals: { nutrients: [], no_data: [] },
};
const SHARED: SharedProtocol = { ...LINKED, discount: '10.00', notes: 'For you', shared_at: '2026-11-22T11:00:00Z' };
const CART: CartReply = {
  items: [],
  total_items: 3,
  total_price: '30.00',
  total_discount: '3.00',
  total_price_after_discount: '27.00',
  discount_rate: '10.00',
  currency: 'EUR',
};

interface Seen {
  method: string;
  url: URL;
  authorization: string | null;
}

function answer(method: 'get' | 'post' | 'delete', path: string, reply: JsonBodyType, status = 200): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http[method](`*/api${path}`, ({ request }) => {
      seen.push({ method: request.method, url: new URL(request.url), authorization: request.headers.get('Authorization') });
      return HttpResponse.json(reply, { status });
    }),
  );
  return seen;
}

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

describe('client protocol calls', () => {
  beforeEach(() => setTokens({ accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 }));
  afterEach(() => setTokens(null));

  it('lists the protocols shared with the client', async () => {
    const seen = answer('get', '/v2/account/clients/protocols', [SHARED]);
    await expect(fetchClientProtocols()).resolves.toEqual([SHARED]);
    expect(seen[0]?.authorization).toBe('Bearer client');
  });

  it.each(['protocol.shared', 'protocol.updated', 'protocol.deleted', 'client_protocol.deleted'])(
    'refetches the client list on %s',
    async (topic) => {
      const seen = answer('get', '/v2/account/clients/protocols', [SHARED]);
      const { result } = renderHook(() => useClientProtocols(), { wrapper });
      await waitFor(() => expect(result.current.data).toHaveLength(1));
      act(() => topicRegistry.dispatch({ topic, data: { protocol_id: 7 } }));
      await waitFor(() => expect(seen).toHaveLength(2));
    },
  );

  it('asks nothing for the client list when not enabled (not a client)', async () => {
    const seen = answer('get', '/v2/account/clients/protocols', []);
    renderHook(() => useClientProtocols(false), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(0);
  });

  it('deletes with DELETE /v2/account/clients/protocols/{id} and answers the message', async () => {
    const seen = answer('delete', '/v2/account/clients/protocols/7', { message: 'The protocol was removed from your list.' });
    await expect(deleteClientProtocol(7)).resolves.toEqual({ message: 'The protocol was removed from your list.' });
    expect(seen[0]?.method).toBe('DELETE');
  });

  it('maps a failed delete to an ApiError with the server message', async () => {
    answer('delete', '/v2/account/clients/protocols/8', { message: 'Protocol not found.', code: 'not_found', errors: {} }, 404);
    await expect(deleteClientProtocol(8)).rejects.toMatchObject({ name: 'ApiError', status: 404, message: 'Protocol not found.' });
  });

  it('adds a protocol to the cart and tells the cart at once', async () => {
    const seen = answer('post', '/v2/storefront/cart/protocols/7', CART);
    const heard: unknown[] = [];
    const stop = registerTopic('cart.updated', (data) => heard.push(data));
    await expect(addProtocolToCart(7)).resolves.toEqual(CART);
    stop();
    expect(seen[0]?.url.search).toBe('');
    expect(heard).toEqual([{ total_items: 3 }]);
  });

  it('adds a linked protocol to the cart with its link token', async () => {
    const seen = answer('post', '/v2/storefront/cart/protocols/7', CART);
    await addProtocolToCart(7, 'tok');
    expect(seen[0]?.url.searchParams.get('link_token')).toBe('tok');
  });

  it('reads a protocol by its link signed out, without a bearer', async () => {
    setTokens(null);
    const seen = answer('get', '/v2/storefront/protocols/link/tok', LINKED);
    await expect(fetchLinkedProtocol('tok')).resolves.toEqual(LINKED);
    expect(seen[0]?.authorization).toBeNull();
  });

  it('does not retry a revoked link (404)', async () => {
    const seen = answer('get', '/v2/storefront/protocols/link/gone', { message: 'This link no longer works.', code: 'not_found', errors: {} }, 404);
    const { result } = renderHook(() => useLinkedProtocol('gone'), { wrapper });
    await waitFor(() => expect(result.current.error).toMatchObject({ status: 404, message: 'This link no longer works.' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
  });
});
