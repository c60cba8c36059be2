import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { BUILDER_TOAST_MS, builderToast, getBuilderToasts, resetBuilderToasts } from './builder-toast-store';

describe('builder toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetBuilderToasts();
  });
  afterEach(() => vi.useRealTimers());

  it('shows at most 3, the oldest leaving first', () => {
    builderToast.success('one');
    builderToast.error('two');
    builderToast.warning('three');
    builderToast.success('four');
    expect(getBuilderToasts().map((toast) => toast.message)).toEqual(['two', 'three', 'four']);
  });

  it('keeps several of one kind (unlike the app toasts) and lets each go after 2000 ms', () => {
    builderToast.success('one');
    vi.advanceTimersByTime(1000);
    builderToast.success('two');
    expect(getBuilderToasts()).toHaveLength(2);
    vi.advanceTimersByTime(BUILDER_TOAST_MS - 1000);
    expect(getBuilderToasts().map((toast) => toast.message)).toEqual(['two']);
    vi.advanceTimersByTime(1000);
    expect(getBuilderToasts()).toEqual([]);
  });

  it('does not let a dropped toast’s timer remove a newer one', () => {
    for (const message of ['a', 'b', 'c', 'd', 'e']) builderToast.success(message);
    vi.advanceTimersByTime(BUILDER_TOAST_MS - 1);
    expect(getBuilderToasts().map((toast) => toast.message)).toEqual(['c', 'd', 'e']);
  });
});
