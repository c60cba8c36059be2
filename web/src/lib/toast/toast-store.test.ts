import { afterEach, describe, expect, it, vi } from 'vitest';

import { dismissToast, showToast, subscribeToasts, TOAST_MS, type Toast } from './toast-store';

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

  it('can be closed early', () => {
    let shown: readonly Toast[] = [];
    const stop = subscribeToasts((toasts) => (shown = toasts));
    const id = showToast('warning', 'Careful');

    dismissToast(id);

    expect(shown).toEqual([]);
    stop();
  });
});
