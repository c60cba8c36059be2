import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SearchParams } from '../api/search-products';
import { EMPTY_RESULT, type SearchResult } from '../api/types';
import { result, hit } from '../testing/search-fixtures';
import { createSearchStore, SEARCH_DEBOUNCE_MS } from './search-store';

interface Call {
  params: SearchParams;
  signal: AbortSignal;
  resolve: (value: SearchResult) => void;
  reject: (error: unknown) => void;
}

function fakeSearch() {
  const calls: Call[] = [];
  const search = (params: SearchParams, signal: AbortSignal) =>
    new Promise<SearchResult>((resolve, reject) => {
      calls.push({ params, signal, resolve, reject });
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  return { calls, search };
}

describe('search state', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts not showing; focus with an empty input or * is focused', () => {
    const store = createSearchStore(fakeSearch().search);
    expect(store.getState().status).toBe('not-showing');
    store.focus();
    expect(store.getState().status).toBe('focused');
    store.type('*');
    expect(store.getState().status).toBe('focused');
    store.type('  ');
    expect(store.getState().status).toBe('focused');
  });

  it('searches 200 ms after the last keystroke', async () => {
    const { calls, search } = fakeSearch();
    const store = createSearchStore(search);
    store.type('m');
    store.type('ma');
    store.type('mag');
    expect(store.getState()).toMatchObject({ status: 'searching', query: 'mag', isLoading: true });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toEqual({ query: 'mag', page: 1, per_page: 10 });

    calls[0]?.resolve(result([hit(1, 'Magnesium')], { did_you_mean: null }));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ isLoading: false, did_you_mean: null });
    expect(store.getState().results?.hits[0]?.name).toBe('Magnesium');
  });

  it('aborts the request in flight when typing goes on, and ignores its answer', async () => {
    const { calls, search } = fakeSearch();
    const store = createSearchStore(search);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    store.type('vit');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    store.type('vitamn');
    expect(calls[0]?.signal.aborted).toBe(true);
    // A late answer of the aborted request changes nothing.
    calls[0]?.resolve(result([hit(1, 'Stale')]));
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(store.getState().results).toBeNull();

    calls[1]?.resolve(result([hit(2, 'Vitamin C')], { did_you_mean: 'vitamin' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().results?.hits.map((item) => item.name)).toEqual(['Vitamin C']);
    expect(store.getState().did_you_mean).toBe('vitamin');
    expect(error).not.toHaveBeenCalled();
  });

  it('clearing the input aborts and goes back to focused', async () => {
    const { calls, search } = fakeSearch();
    const store = createSearchStore(search);
    store.type('zinc');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    store.type('');
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(store.getState()).toMatchObject({ status: 'focused', isLoading: false, results: null });
  });

  it('turns a failed search into empty results with zero counts', async () => {
    const { calls, search } = fakeSearch();
    const store = createSearchStore(search);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    store.type('zinc');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    calls[0]?.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ isLoading: false, results: EMPTY_RESULT });
  });

  it('reset goes to not-showing and clears the filters', () => {
    const store = createSearchStore(fakeSearch().search);
    store.type('zinc');
    store.toggleFilter('brands', { id: 5, name: 'Brightfern' });
    expect(store.getState().filters.brands).toEqual([{ id: 5, name: 'Brightfern' }]);
    store.reset();
    expect(store.getState()).toMatchObject({ status: 'not-showing', query: '', filters: { brands: [] } });
  });
});
