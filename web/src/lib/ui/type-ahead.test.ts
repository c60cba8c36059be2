import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTypeAhead, TYPE_AHEAD_RESET_MS } from './type-ahead';

const LABELS = ['Dansk', 'Deutsch', 'English', 'Español', 'Français', 'Magyar'];

describe('menu type-ahead', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resets after the 350 ms of the spec', () => {
    expect(TYPE_AHEAD_RESET_MS).toBe(350);
  });

  it('matches the typed prefix from the focused item on', () => {
    const typeAhead = createTypeAhead();
    expect(typeAhead.type('e', LABELS, 0)).toBe(2);
    expect(typeAhead.type('s', LABELS, 2)).toBe(3);
  });

  it('cycles through the items of a letter typed again', () => {
    const typeAhead = createTypeAhead();
    expect(typeAhead.type('d', LABELS, 5)).toBe(0);
    expect(typeAhead.type('d', LABELS, 0)).toBe(1);
    expect(typeAhead.type('d', LABELS, 1)).toBe(0);
  });

  it('starts a new prefix after a pause of 350 ms, not before', () => {
    const typeAhead = createTypeAhead();
    typeAhead.type('e', LABELS, 0);
    vi.advanceTimersByTime(349);
    expect(typeAhead.type('s', LABELS, 2)).toBe(3); // "es": still one word
    vi.advanceTimersByTime(350);
    expect(typeAhead.type('m', LABELS, 3)).toBe(5); // "m", not "esm"
  });

  it('answers -1 when nothing matches, and clear forgets at once', () => {
    const typeAhead = createTypeAhead();
    expect(typeAhead.type('x', LABELS, 0)).toBe(-1);
    typeAhead.type('f', LABELS, 0);
    typeAhead.clear();
    expect(typeAhead.type('d', LABELS, 4)).toBe(0);
  });
});
