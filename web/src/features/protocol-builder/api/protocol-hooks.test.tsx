import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { createAnswer, errorBody } from '../testing/api-capture';
import { page, protocol } from '../testing/protocol-fixtures';
import { useProtocol } from './get-protocol';
import { useProtocols } from './list-protocols';
import { useClientSearch } from './search-clients';
import { useProtocolSearch } from './search-protocols';

const answer = createAnswer(server);
const BASE = '/v2/account/practitioners/protocols';

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

describe('protocol hooks', () => {
  beforeEach(() => setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 2 }));
  afterEach(() => setTokens(null));

  it.each(['protocol.created', 'protocol.updated', 'protocol.deleted', 'protocol.duplicated', 'protocol.shared'])(
    'refetches the list on %s',
    async (topic) => {
      const seen = answer('get', BASE, page([protocol(1)]));
      const { result } = renderHook(() => useProtocols({ sort: 'name_asc' }), { wrapper });
      await waitFor(() => expect(result.current.data?.total_results).toBe(1));
      act(() => topicRegistry.dispatch({ topic, data: { protocol_id: 1 } }));
      await waitFor(() => expect(seen).toHaveLength(2));
      expect(seen[1]?.url.search).toBe('?page=1&limit=5&sort=name_asc');
    },
  );

  it('does not refetch the list on an unrelated topic', async () => {
    const seen = answer('get', BASE, page([protocol(1)]));
    const { result } = renderHook(() => useProtocols(), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    act(() => topicRegistry.dispatch({ topic: 'cart.updated', data: { total_items: 1 } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
  });

  it('asks nothing signed out or when disabled', async () => {
    const seen = answer('get', BASE, page([]));
    renderHook(() => useProtocols({}, false), { wrapper });
    setTokens(null);
    const { result } = renderHook(() => useProtocols(), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.data).toBeUndefined();
    expect(seen).toHaveLength(0);
  });

  it('refetches the active protocol on protocol.updated', async () => {
    const seen = answer('get', `${BASE}/3`, protocol(3));
    const { result } = renderHook(() => useProtocol(3), { wrapper });
    await waitFor(() => expect(result.current.data?.protocol_id).toBe(3));
    act(() => topicRegistry.dispatch({ topic: 'protocol.updated', data: { protocol_id: 3 } }));
    await waitFor(() => expect(seen).toHaveLength(2));
  });

  it('gives up on a 404 at once so the builder can reset', async () => {
    const seen = answer('get', `${BASE}/9`, errorBody('Protocol not found.', 'not_found'), 404);
    const { result } = renderHook(() => useProtocol(9), { wrapper });
    await waitFor(() => expect(result.current.error).toMatchObject({ status: 404 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
  });

  it('searches clients only for more than 2 characters', async () => {
    const seen = answer('post', '/v2/account/practitioners/clients', { clients: [] });
    const { rerender, result } = renderHook(({ text }) => useClientSearch(text), { wrapper, initialProps: { text: 'an' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(0);
    rerender({ text: 'ann' });
    await waitFor(() => expect(result.current.data).toEqual([]));
    expect(seen).toHaveLength(1);
  });

  it('searches protocols only for a non-empty query', async () => {
    const seen = answer('post', `${BASE}/search`, page([protocol(4)]));
    const { rerender, result } = renderHook(({ text }) => useProtocolSearch(text), { wrapper, initialProps: { text: '  ' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(0);
    rerender({ text: 'gut' });
    await waitFor(() => expect(result.current.data?.data).toHaveLength(1));
    expect(seen[0]?.body).toEqual({ page: 1, limit: 50, query: 'gut' });
  });
});
