import { afterEach, describe, expect, it, vi } from 'vitest';

import { DEFAULT_TOAST_MS, dismissToast, showToast, subscribeToasts, TOAST_MS, type Toast } from './toast-store';

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('show one of each kind at a time and leave after 2000 ms', () => {
    vi.useFakeTimers();
    let shown: readonly Toast[] = [];
    const stop = subscribeToasts((toasts) => (shown = toasts));

    showToast('success', 'Saved');
    showToast('error', 'Failed');
    showToast('success', 'Saved again');

    expect(shown.map((toast) => [toast.kind, toast.message])).toEqual([
      ['error', 'Failed'],
      ['success', 'Saved again'],
    ]);
    vi.advanceTimersByTime(TOAST_MS);
    expect(shown).toEqual([]);
    stop();
  });

  it('keeps an info notice for the default 5000 ms while the 2000 ms kinds leave', () => {
    vi.useFakeTimers();
    let shown: readonly Toast[] = [];
    const stop = subscribeToasts((toasts) => (shown = toasts));

    showToast('info', 'Signed out in another tab');
    showToast('warning', 'Careful');
    vi.advanceTimersByTime(TOAST_MS);
    expect(shown.map((toast) => toast.kind)).toEqual(['info']);
    vi.advanceTimersByTime(DEFAULT_TOAST_MS - TOAST_MS - 1);
    expect(shown.map((toast) => toast.kind)).toEqual(['info']);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([]);
    stop();
  });

  it('can be closed early', () => {
    let shown: readonly Toast[] = [];
    const stop = subscribeToasts((toasts) => (shown = toasts));
    const id = showToast('warning', 'Careful');

    dismissToast(id);

    expect(shown).toEqual([]);
    stop();
  });
});
