import { useSyncExternalStore } from 'react';

import { isAbortError, SEARCH_CALL_PER_PAGE, searchProducts, type SearchParams } from '../api/search-products';
import { EMPTY_RESULT, type SearchResult } from '../api/types';

/** Spec docs/spec-coverage.md#s4-search-showing-focused "Search": the three states of the header search. */
export type SearchStatus = 'not-showing' | 'focused' | 'searching';

/** The groups the results page filters by, named as in the query string of the search call. */
export const SEARCH_FILTER_GROUPS = ['brands', 'categories', 'free_from', 'suitable_for'] as const;
export type SearchFilterGroup = (typeof SEARCH_FILTER_GROUPS)[number];
/** Chosen options keep their names so a choice stays listed when the new facets leave it out. */
export type SearchFilters = Record<SearchFilterGroup, { id: number; name: string }[]>;

export interface SearchState {
  status: SearchStatus;
  query: string;
  isLoading: boolean;
  results: SearchResult | null;
  did_you_mean: string | null;
  filters: SearchFilters;
}

/** Spec docs/spec-coverage.md#s9-search-debounce-200-ms: typing waits 200 ms before searching. */
export const SEARCH_DEBOUNCE_MS = 200;

type SearchFn = (params: SearchParams, signal: AbortSignal) => Promise<SearchResult>;

function noFilters(): SearchFilters {
  return { brands: [], categories: [], free_from: [], suitable_for: [] };
}

const initialState = (): SearchState => ({
  status: 'not-showing',
  query: '',
  isLoading: false,
  results: null,
  did_you_mean: null,
  filters: noFilters(),
});

/** An empty input or `*` means "show what there is to start from" (focused), not a search. */
export function isBlankQuery(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || trimmed === '*';
}

export function filtersToQuery(filters: SearchFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const group of SEARCH_FILTER_GROUPS) {
    if (filters[group].length > 0) query[group] = filters[group].map((option) => option.id).join(',');
  }
  return query;
}

/**
 * The search-as-you-type state shared by the header box and the results page. Each keystroke
 * restarts the 200 ms wait and aborts the request in flight; an aborted request's outcome is
 * ignored, so an older, slower answer never replaces a newer one.
 */
export function createSearchStore(search: SearchFn = searchProducts, debounceMs = SEARCH_DEBOUNCE_MS) {
  let state = initialState();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;
  const listeners = new Set<() => void>();

  const set = (patch: Partial<SearchState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = null;
  };

  const run = async (text: string) => {
    const own = new AbortController();
    controller = own;
    try {
      const result = await search({ query: text, page: 1, per_page: SEARCH_CALL_PER_PAGE }, own.signal);
      if (own.signal.aborted) return;
      set({ results: result, did_you_mean: result.did_you_mean, isLoading: false });
    } catch (error) {
      if (own.signal.aborted || isAbortError(error)) return;
      console.error('Search failed', error);
      set({ results: EMPTY_RESULT, did_you_mean: null, isLoading: false });
    } finally {
      if (controller === own) controller = null;
    }
  };

  return {
    getState: () => state,

    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** The box got the focus: start content for a blank query, the last results otherwise. */
    focus() {
      set({ status: isBlankQuery(state.query) ? 'focused' : 'searching' });
    },

    /** A keystroke: searching after the debounce, or focused for a blank query. */
    type(text: string) {
      cancel();
      if (isBlankQuery(text)) {
        set({ query: text, status: 'focused', isLoading: false, results: null, did_you_mean: null });
        return;
      }
      set({ query: text, status: 'searching', isLoading: true });
      timer = setTimeout(() => {
        timer = undefined;
        void run(text);
      }, debounceMs);
    },

    /** Hides the dropdown (Escape, a click elsewhere, a navigation); the text stays. */
    close() {
      if (state.isLoading) cancel();
      set({ status: 'not-showing', isLoading: false });
    },

    /**
     * Leaving the search and product pages: not-showing, and the filters cleared (spec:
     * docs/spec-coverage.md#s4-leaving-search-products).
     */
    reset() {
      cancel();
      state = initialState();
      for (const listener of listeners) listener();
    },

    toggleFilter(group: SearchFilterGroup, option: { id: number; name: string }) {
      const chosen = state.filters[group];
      const next = chosen.some((item) => item.id === option.id)
        ? chosen.filter((item) => item.id !== option.id)
        : [...chosen, { id: option.id, name: option.name }];
      set({ filters: { ...state.filters, [group]: next } });
    },

    clearFilters() {
      set({ filters: noFilters() });
    },
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;

/** The app's one search store. */
export const searchStore = createSearchStore();

export function useSearchState(store: SearchStore = searchStore): SearchState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
