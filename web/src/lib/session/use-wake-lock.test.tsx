import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

import { useWakeLock } from './use-wake-lock';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

function fakeSentinel() {
  const sentinel = new EventTarget() as EventTarget & { released: boolean; release: () => Promise<void> };
  sentinel.released = false;
  sentinel.release = vi.fn(() => {
    sentinel.released = true;
    sentinel.dispatchEvent(new Event('release'));
    return Promise.resolve();
  });
  return sentinel;
}

describe('useWakeLock', () => {
  let sentinels: ReturnType<typeof fakeSentinel>[];
  let request: Mock<(type: string) => Promise<unknown>>;

  beforeEach(() => {
    visibility = 'visible';
    sentinels = [];
    request = vi.fn((_type: string): Promise<unknown> => {
      const sentinel = fakeSentinel();
      sentinels.push(sentinel);
      return Promise.resolve(sentinel);
    });
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'wakeLock');
  });

  it('holds a screen wake lock while active and visible, releases it when hidden, takes it again when shown', async () => {
    const { rerender, unmount } = renderHook(({ active }) => useWakeLock(active), { initialProps: { active: true } });
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(request).toHaveBeenCalledWith('screen');

    act(() => setVisibility('hidden'));
    expect(sentinels[0]?.released).toBe(true);

    act(() => setVisibility('visible'));
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(sentinels[1]?.released).toBe(false);

    rerender({ active: false });
    expect(sentinels[1]?.released).toBe(true);
    unmount();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing while signed out or hidden, and is quiet where the API is missing or refuses', async () => {
    renderHook(() => useWakeLock(false));
    visibility = 'hidden';
    renderHook(() => useWakeLock(true));
    expect(request).not.toHaveBeenCalled();

    visibility = 'visible';
    request.mockImplementation(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    renderHook(() => useWakeLock(true));
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));

    Reflect.deleteProperty(navigator, 'wakeLock');
    expect(() => renderHook(() => useWakeLock(true))).not.toThrow();
  });
});
