import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { ScheduleRefusedError } from '../state/schedule';
import { product, protocol, schedule } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { signInAs } from '../testing/render-builder';
import { NoProtocolError, useRestProtocolEditor } from './use-rest-protocol-editor';

const PRODUCTS = '/v2/account/practitioners/protocols/1/products';

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

describe('useRestProtocolEditor', () => {
  beforeEach(() => signInAs());
  afterEach(() => setTokens(null));

  it('shows what is known at once, then the fetched protocol; no presence over REST', async () => {
    protocolServer(server, [protocol(1, [], 'Fresh')]);
    const { result } = renderHook(() => useRestProtocolEditor(1, protocol(1, [], 'Cached')), { wrapper });
    expect(result.current.protocol?.name).toBe('Cached');
    expect(result.current.status).toBe('ready');
    await waitFor(() => expect(result.current.protocol?.name).toBe('Fresh'));
    expect(result.current.presence).toEqual([]);
  });

  it('sends quick writes one after another, in order', async () => {
    const api = protocolServer(server, [protocol(1, [product(11, '2.00')])]);
    api.slow('PUT', PRODUCTS, 100);
    const { result } = renderHook(() => useRestProtocolEditor(1), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => {
      await Promise.all([result.current.setQuantity(11, 2), result.current.setQuantity(11, 3), result.current.setNotes(11, 'Daily')]);
    });
    expect(api.calls('PUT', PRODUCTS).map((call) => call.body)).toEqual([
      { quantity: 2, notes: null, schedule: null, product_variant_id: 11 },
      { quantity: 3, notes: null, schedule: null, product_variant_id: 11 },
      { quantity: null, notes: 'Daily', schedule: null, product_variant_id: 11 },
    ]);
    expect(result.current.protocol?.products[0]).toMatchObject({ item_count: 3, notes: 'Daily', line_total: '6.00' });
    expect(result.current.protocol?.total_price).toBe('6.00');
  });

  it('sends the whole schedule with a change applied, shows it at once, and takes the dose from it', async () => {
    const api = protocolServer(server, [protocol(1, [product(11, '2.00')])]);
    api.slow('PUT', PRODUCTS, 100);
    const { result } = renderHook(() => useRestProtocolEditor(1), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.setSchedule(11, { slots: { dinner: 1.5 } });
    });
    // Shown before the server answers.
    await waitFor(() => expect(result.current.protocol?.products[0]?.schedule.slots).toEqual({ breakfast: 1, dinner: 1.5 }));
    expect(result.current.protocol?.products[0]?.servings_per_day).toBe(2.5);
    await act(async () => {
      await done;
      await result.current.setSchedule(11, { with_food: 'with', steps: [{ from_week: 2, slots: { breakfast: 3 } }] });
    });
    expect(api.calls('PUT', PRODUCTS).map((call) => call.body)).toEqual([
      { quantity: null, notes: null, schedule: schedule({ slots: { breakfast: 1, dinner: 1.5 } }), product_variant_id: 11 },
      {
        quantity: null,
        notes: null,
        schedule: schedule({ slots: { breakfast: 1, dinner: 1.5 }, with_food: 'with', steps: [{ from_week: 2, slots: { breakfast: 3 } }] }),
        product_variant_id: 11,
      },
    ]);
    expect(result.current.protocol?.products[0]).toMatchObject({ servings_per_day: 3, schedule: { with_food: 'with' } });
  });

  it('puts the schedule back when the server refuses it, and sends none that breaks a rule', async () => {
    const api = protocolServer(server, [protocol(1, [product(11, '2.00')])]);
    api.fail('PUT', PRODUCTS, 422, { message: 'Not valid.', code: 'validation_error', errors: { 'schedule.slots.lunch': ['No.'] } }, 50);
    const { result } = renderHook(() => useRestProtocolEditor(1), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    let refused: Promise<unknown> = Promise.resolve();
    act(() => {
      refused = result.current.setSchedule(11, { slots: { lunch: 2 } });
    });
    await waitFor(() => expect(result.current.protocol?.products[0]?.schedule.slots).toEqual({ breakfast: 1, lunch: 2 }));
    await act(async () => {
      await expect(refused).rejects.toMatchObject({ status: 422 });
    });
    expect(result.current.protocol?.products[0]).toMatchObject({ schedule: schedule(), servings_per_day: 1 });

    await act(async () => {
      await expect(result.current.setSchedule(11, { slots: { breakfast: 0 } })).rejects.toBeInstanceOf(ScheduleRefusedError);
    });
    expect(api.calls('PUT', PRODUCTS)).toHaveLength(1);
    expect(result.current.protocol?.products[0]?.schedule).toEqual(schedule());
  });

  it('adds a product from the answer, and says "gone" for a protocol that is not there', async () => {
    protocolServer(server, [protocol(1)]);
    const { result } = renderHook(({ id }) => useRestProtocolEditor(id), { wrapper, initialProps: { id: 1 } });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    let added: unknown;
    await act(async () => {
      added = await result.current.addProduct(55, 2, 'With food');
    });
    expect(added).toMatchObject({ products: [{ product_variant_id: 55, item_count: 2, notes: 'With food' }] });

    const gone = renderHook(() => useRestProtocolEditor(9), { wrapper });
    await waitFor(() => expect(gone.result.current.status).toBe('gone'));
    await expect(gone.result.current.rename('x')).rejects.toBeInstanceOf(NoProtocolError);
    const idle = renderHook(() => useRestProtocolEditor(null), { wrapper });
    expect(idle.result.current.status).toBe('idle');
  });
});
