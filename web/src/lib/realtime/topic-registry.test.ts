import { describe, expect, it, vi } from 'vitest';

import { createTopicRegistry } from './topic-registry';

describe('topic registry', () => {
  it('runs the handlers of a topic and stops after unregistering', () => {
    const registry = createTopicRegistry();
    const onCart = vi.fn();
    const onOther = vi.fn();
    const unregister = registry.registerTopic('cart.updated', onCart);
    registry.registerTopic('wishlist.updated', onOther);

    registry.dispatch({ topic: 'cart.updated', data: { total_items: 1 }, seq: 1 });
    expect(onCart).toHaveBeenCalledWith({ total_items: 1 }, { topic: 'cart.updated', data: { total_items: 1 }, seq: 1 });
    expect(onOther).not.toHaveBeenCalled();

    unregister();
    registry.dispatch({ topic: 'cart.updated', data: null });
    expect(onCart).toHaveBeenCalledTimes(1);
  });

  it('revalidates a key once per event while any registration for it remains', () => {
    const registry = createTopicRegistry();
    const revalidate = vi.fn();
    const first = registry.registerSwrKey(['cart.updated'], 'cart', revalidate);
    const second = registry.registerSwrKey(['cart.updated'], 'cart', revalidate);

    registry.dispatch({ topic: 'cart.updated', data: null });
    expect(revalidate).toHaveBeenCalledTimes(1);
    first();
    registry.dispatch({ topic: 'cart.updated', data: null });
    expect(revalidate).toHaveBeenCalledTimes(2);
    second();
    registry.dispatch({ topic: 'cart.updated', data: null });
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it('refetches every key and refetcher, but runs no topic handler, on refetch-all', () => {
    const registry = createTopicRegistry();
    const revalidate = vi.fn();
    const refetch = vi.fn();
    const handler = vi.fn();
    registry.registerSwrKey(['cart.updated'], 'cart', revalidate);
    registry.registerSwrKey(['wishlist.updated'], 'wishlist', revalidate);
    registry.registerRefetch(refetch);
    registry.registerTopic('session.logged_out', handler);

    registry.refetchAll();
    expect(revalidate.mock.calls).toEqual([['cart'], ['wishlist']]);
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(handler).not.toHaveBeenCalled();
  });

  it('keeps going when one handler throws', () => {
    const registry = createTopicRegistry();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    registry.registerTopic('cart.updated', () => {
      throw new Error('boom');
    });
    registry.registerTopic('cart.updated', after);
    registry.dispatch({ topic: 'cart.updated', data: null });
    expect(after).toHaveBeenCalled();
  });

  it("runs the handlers but skips a key that opted out of refetching this page's own writes", () => {
    const registry = createTopicRegistry();
    const revalidate = vi.fn();
    const onCart = vi.fn();
    const refetchList = vi.fn();
    registry.registerSwrKey(['cart.updated'], 'cart', revalidate, { skipOwnWrites: true });
    registry.registerSwrKey(['cart.updated'], 'lines-elsewhere', refetchList);
    registry.registerTopic('cart.updated', onCart);

    registry.dispatch({ topic: 'cart.updated', data: { total_items: 2 }, seq: 3, ownWrite: true });
    expect(onCart).toHaveBeenCalledWith({ total_items: 2 }, { topic: 'cart.updated', data: { total_items: 2 }, seq: 3, ownWrite: true });
    expect(revalidate).not.toHaveBeenCalled();
    expect(refetchList.mock.calls).toEqual([['lines-elsewhere']]);

    registry.dispatch({ topic: 'cart.updated', data: { total_items: 3 }, seq: 4 });
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('ignores a topic this app does not know', () => {
    const registry = createTopicRegistry();
    const revalidate = vi.fn();
    registry.registerSwrKey(['cart.updated'], 'cart', revalidate);

    registry.dispatch({ topic: 'order.paid', data: { order_id: 1 }, seq: 5 });

    expect(revalidate).not.toHaveBeenCalled();
  });
});
