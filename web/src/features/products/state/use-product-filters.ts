import { startTransition, useCallback, useMemo, useOptimistic } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { useCategories } from '../api/categories';
import { useFilterOptions } from '../api/filter-options';
import {
  effectiveOrdering,
  FILTER_GROUPS,
  initialiseFilters,
  knownIds,
  needsOptions,
  productListQuery,
  readOrdering,
  readPage,
  writeFilters,
  writeOrdering,
  writePage,
  type FilterGroup,
  type FilterSelection,
  type Ordering,
} from './filter-query';

/**
 * The product list state of spec docs/spec-coverage.md#s4-product-filters-set-products ("Product filters"),
 * kept in the query string: the URL is the single source, so a reload, a shared link or a hand-edited query
 * string shows the same list. Every change replaces the history entry instead of pushing one (spec:
 * docs/spec-coverage.md#s2-product-list-mirrors-state).
 */
export function useProductFilters() {
  const [urlParams] = useSearchParams();
  const navigate = useNavigate();
  // The query string being written shows at once (a ticked box stays ticked) while the router
  // finishes the navigation; afterwards the URL itself is the state again.
  const [params, setOptimisticParams] = useOptimistic(urlParams);
  const options = useFilterOptions();
  const categories = useCategories();

  // Taxonomy ids can only be checked once the options are in. A failed options call counts as
  // loaded-but-empty: unknown ids are skipped and the list still shows.
  const optionsSettled =
    (options.data !== undefined || options.error !== undefined) &&
    (categories.data !== undefined || categories.error !== undefined);
  const known = useMemo(
    () => (optionsSettled ? knownIds(options.data, categories.data) : null),
    [optionsSettled, options.data, categories.data],
  );
  const selection = useMemo(() => initialiseFilters(params, known), [params, known]);
  const urlOrdering = useMemo(() => readOrdering(params), [params]);
  const ordering = effectiveOrdering(urlOrdering);
  const page = readPage(params);
  const ready = known !== null || !needsOptions(params);
  const query = useMemo(
    () => (ready ? productListQuery(selection, urlOrdering, page) : null),
    [ready, selection, urlOrdering, page],
  );

  const replaceParams = useCallback(
    (next: URLSearchParams) => {
      startTransition(async () => {
        setOptimisticParams(next);
        await navigate(`?${next.toString()}`, { replace: true, preventScrollReset: true });
      });
    },
    [navigate, setOptimisticParams],
  );

  const writeSelection = useCallback(
    (next: FilterSelection, changed: readonly FilterGroup[]) => {
      replaceParams(writeFilters(params, next, changed));
    },
    [params, replaceParams],
  );

  const addFilter = useCallback(
    (group: FilterGroup, id: number) => {
      if (selection[group].includes(id)) return;
      writeSelection({ ...selection, [group]: [...selection[group], id] }, [group]);
    },
    [selection, writeSelection],
  );

  const removeFilter = useCallback(
    (group: FilterGroup, id: number) => {
      writeSelection({ ...selection, [group]: selection[group].filter((item) => item !== id) }, [group]);
    },
    [selection, writeSelection],
  );

  /** Empties every group; each group that was set is written as an empty value. */
  const resetFilters = useCallback(() => {
    const changed = FILTER_GROUPS.filter((group) => selection[group].length > 0);
    const empty = Object.fromEntries(FILTER_GROUPS.map((group) => [group, []])) as unknown as FilterSelection;
    writeSelection(empty, changed);
  }, [selection, writeSelection]);

  const setOrdering = useCallback(
    (next: Ordering) => {
      replaceParams(writeOrdering(params, next));
    },
    [params, replaceParams],
  );

  const setPage = useCallback(
    (next: number) => {
      replaceParams(writePage(params, next));
    },
    [params, replaceParams],
  );

  const activeCount = FILTER_GROUPS.reduce((count, group) => count + selection[group].length, 0);

  return {
    selection,
    ordering,
    page,
    /** The product request's query, or null while URL ids wait for the options. */
    query,
    activeCount,
    options,
    categories,
    addFilter,
    removeFilter,
    resetFilters,
    setOrdering,
    setPage,
  };
}
