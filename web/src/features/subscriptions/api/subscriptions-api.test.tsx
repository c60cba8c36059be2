import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api/http';
import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { fetchSubscriptions, liveSubscriptionOf, useSubscriptions } from '../../../lib/subscriptions/list-subscriptions';
import { server } from '../../../testing/msw-server';
import { action, CLIENT, proposal, subscription } from '../testing/fixtures';
import { cancelSubscription } from './cancel-subscription';
import { createSubscription } from './create-subscription';
import { doSubscriptionAction } from './do-subscription-action';
import { fetchProposal, useProposal } from './get-proposal';
import { fetchSubscription, useSubscription } from './get-subscription';
import { fetchSubscriptionAction, useSubscriptionAction } from './get-subscription-action';
import { pauseSubscription } from './pause-subscription';
import { resumeSubscription } from './resume-subscription';
import { revokeMandate } from './revoke-mandate';
import { skipParcel } from './skip-parcel';
import { startPayment } from './start-payment';
import { updateSubscription } from './update-subscription';

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  body: unknown;
}

const BASE = '/api/v2/account/clients/subscriptions';

/** Answers one call and records how it was asked. */
function answer(method: 'get' | 'post' | 'put' | 'delete', path: string, reply: JsonBodyType, status = 200): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http[method](`*${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      seen.push({
        method: request.method,
        path: `${url.pathname}${url.search}`,
        authorization: request.headers.get('Authorization'),
        idempotencyKey: request.headers.get('Idempotency-Key'),
        body: text ? (JSON.parse(text) as unknown) : null,
      });
      return HttpResponse.json(reply, { status });
    }),
  );
  return seen;
}

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

describe('automatic refill calls', () => {
  beforeEach(() => setTokens(CLIENT));
  afterEach(() => setTokens(null));

  it('asks the proposal of a protocol or of an order, signed in', async () => {
    const seen = answer('get', `${BASE}/proposal`, proposal());
    expect(await fetchProposal({ protocol_id: 7 })).toEqual(proposal());
    await fetchProposal({ order_number: 'PS-2026-000042' });
    expect(seen.map((call) => call.path)).toEqual([
      `${BASE}/proposal?protocol_id=7`,
      `${BASE}/proposal?order_number=PS-2026-000042`,
    ]);
    expect(seen[0]?.authorization).toBe('Bearer client');
  });

  it('does not ask a refused proposal again', async () => {
    const seen = answer('get', `${BASE}/proposal`, { message: 'Only a paid order can be refilled automatically.', errors: {} }, 409);
    const { result } = renderHook(() => useProposal({ order_number: 'PS-1' }), { wrapper });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
  });

  it('subscribes with the Idempotency-Key and the body given', async () => {
    const seen = answer('post', BASE, subscription({ state: 'pending_mandate', payment_url: '/en/payments/test/tp_1' }), 201);
    const body = { protocol_id: 7, shipping_address: subscription().shipping_address as never, shipping_method_id: 3 };
    const reply = await createSubscription(body, 'key-1');
    expect(reply.payment_url).toBe('/en/payments/test/tp_1');
    expect(seen[0]).toMatchObject({ method: 'POST', path: BASE, idempotencyKey: 'key-1', body });
  });

  it('lists the refills and finds the live one of a protocol', async () => {
    const cancelled = subscription({ id: 4, state: 'cancelled' });
    const live = subscription();
    answer('get', BASE, [live, cancelled]);
    const list = await fetchSubscriptions();
    expect(liveSubscriptionOf(list, 7)).toEqual(live);
    expect(liveSubscriptionOf([cancelled], 7)).toBeUndefined();
    expect(liveSubscriptionOf(list, 8)).toBeUndefined();
  });

  it('reads one refill and follows subscription.updated and order.updated', async () => {
    let current = subscription();
    server.use(http.get(`*${BASE}/5`, () => HttpResponse.json(current)));
    expect(await fetchSubscription(5)).toEqual(current);

    const { result } = renderHook(() => useSubscription(5), { wrapper });
    await waitFor(() => expect(result.current.data?.state).toBe('active'));
    current = subscription({ state: 'paused' });
    act(() => topicRegistry.dispatch({ topic: 'subscription.updated', data: { subscription_id: 5, state: 'paused' }, seq: 1 }));
    await waitFor(() => expect(result.current.data?.state).toBe('paused'));
    current = subscription({ state: 'past_due', reason: 'charge_failed' });
    act(() => topicRegistry.dispatch({ topic: 'order.updated', data: { number: 'PS-1', state: 'awaiting_payment' }, seq: 2 }));
    await waitFor(() => expect(result.current.data?.state).toBe('past_due'));
  });

  it('the list follows subscription.updated too', async () => {
    let list = [subscription()];
    server.use(http.get(`*${BASE}`, () => HttpResponse.json(list)));
    const { result } = renderHook(() => useSubscriptions(), { wrapper });
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    list = [];
    act(() => topicRegistry.dispatch({ topic: 'subscription.updated', data: { subscription_id: 5, state: 'cancelled' }, seq: 3 }));
    await waitFor(() => expect(result.current.data).toEqual([]));
  });

  it('sends each change to its own path and method', async () => {
    const seen: Seen[][] = [
      answer('post', `${BASE}/5/skip`, subscription()),
      answer('post', `${BASE}/5/pause`, subscription()),
      answer('post', `${BASE}/5/resume`, subscription()),
      answer('post', `${BASE}/5/payment`, subscription({ payment_url: 'https://pay.example/1' })),
      answer('delete', `${BASE}/5/mandate`, subscription()),
      answer('delete', `${BASE}/5`, subscription({ state: 'cancelled' })),
      answer('put', `${BASE}/5`, subscription({ interval_days: 45 })),
    ];
    await skipParcel(5);
    await pauseSubscription(5);
    await resumeSubscription(5);
    expect((await startPayment(5)).payment_url).toBe('https://pay.example/1');
    await revokeMandate(5);
    expect((await cancelSubscription(5)).state).toBe('cancelled');
    await updateSubscription(5, { interval_days: null });
    expect(seen.map((list) => list.map((call) => `${call.method} ${call.path}`))).toEqual([
      [`POST ${BASE}/5/skip`],
      [`POST ${BASE}/5/pause`],
      [`POST ${BASE}/5/resume`],
      [`POST ${BASE}/5/payment`],
      [`DELETE ${BASE}/5/mandate`],
      [`DELETE ${BASE}/5`],
      [`PUT ${BASE}/5`],
    ]);
    expect(seen[6]?.[0]?.body).toEqual({ interval_days: null });
  });

  it('reads and does a one-click link without signing in', async () => {
    setTokens(null);
    const read = answer('get', '/api/v2/subscriptions/actions/tok%2Fen', action());
    const done = answer('post', '/api/v2/subscriptions/actions/tok%2Fen', action({ done: true }));
    expect((await fetchSubscriptionAction('tok/en')).done).toBe(false);
    expect((await doSubscriptionAction('tok/en')).done).toBe(true);
    expect(read[0]?.authorization).toBeNull();
    expect(done[0]?.method).toBe('POST');
  });

  it('does not ask a link that is not valid again', async () => {
    const seen = answer('get', '/api/v2/subscriptions/actions/old', { message: 'This link is not valid any more.', errors: {} }, 404);
    const { result } = renderHook(() => useSubscriptionAction('old'), { wrapper });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
  });
});
