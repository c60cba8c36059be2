/**
 * The product list state as it lives in the query string (spec:
 * docs/spec-coverage.md#s2-product-list-mirrors-state, docs/spec-coverage.md#s4-initialising-url): pure
 * functions, so the rules are tested without a browser.
 */
import type { CategoryNode, FilterOptions } from '../api/types';

/** The filter groups in the order of the spec's query keys. */
export const FILTER_GROUPS = [
  'categories',
  'health_goals',
  'brands',
  'delivery_form',
  'suitable_for',
  'free_from',
  'availability',
  'zero_waste',
] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];
export type FilterSelection = Record<FilterGroup, number[]>;

/**
 * Groups whose ids are fixed values, accepted without the loaded options (spec:
 * docs/spec-coverage.md#s4-initialising-url).
 */
const FIXED_IDS: Partial<Record<FilterGroup, readonly number[]>> = {
  availability: [1, 2],
  zero_waste: [1],
};

export const SORT_FIELDS = ['id', 'name', 'price', 'created_at', 'updated_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface Ordering {
  order_by: SortField;
  order: SortDirection;
  /** Which entry of the sort menu; the spec's default is '1'. */
  order_name: string;
}

/**
 * The sort menu: every field in both directions. `order_name` numbers the entries, '1' being the
 * spec's default (id descending).
 */
export const SORT_OPTIONS: readonly Ordering[] = (
  [
    ['id', 'desc'],
    ['id', 'asc'],
    ['name', 'asc'],
    ['name', 'desc'],
    ['price', 'asc'],
    ['price', 'desc'],
    ['created_at', 'desc'],
    ['created_at', 'asc'],
    ['updated_at', 'desc'],
    ['updated_at', 'asc'],
  ] as const
).map(([order_by, order], index) => ({ order_by, order, order_name: String(index + 1) }));

export const DEFAULT_ORDERING: Ordering = { order_by: 'id', order: 'desc', order_name: '1' };
export const PAGE_SIZE = 26;

export function emptySelection(): FilterSelection {
  return Object.fromEntries(FILTER_GROUPS.map((group) => [group, []])) as unknown as FilterSelection;
}

/** Numeric ids of a comma list; anything else (letters, signs, huge numbers) is dropped. */
export function readIds(raw: string | null): number[] {
  if (!raw) return [];
  const ids: number[] = [];
  for (const token of raw.split(',')) {
    const trimmed = token.trim();
    if (!/^\d{1,9}$/.test(trimmed)) continue;
    const id = Number(trimmed);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

export type KnownIds = Record<Exclude<FilterGroup, 'availability' | 'zero_waste'>, ReadonlySet<number>>;

function flattenCategories(nodes: readonly CategoryNode[], into: Set<number> = new Set()): Set<number> {
  for (const node of nodes) {
    into.add(node.id);
    flattenCategories(node.children, into);
  }
  return into;
}

/** The ids each taxonomy group can hold, from the loaded options and category tree. */
export function knownIds(options: FilterOptions | undefined, categories: readonly CategoryNode[] | undefined): KnownIds {
  const ids = (list: { id: number }[] | undefined) => new Set((list ?? []).map((option) => option.id));
  return {
    categories: flattenCategories(categories ?? []),
    health_goals: ids(options?.health_goals),
    brands: ids(options?.brands),
    delivery_form: ids(options?.delivery_form),
    suitable_for: ids(options?.suitable_for),
    free_from: ids(options?.free_from),
  };
}

/** Whether the URL names taxonomy ids, which need the loaded options before they can be used. */
export function needsOptions(params: URLSearchParams): boolean {
  return FILTER_GROUPS.some((group) => !(group in FIXED_IDS) && readIds(params.get(group)).length > 0);
}

/**
 * Spec docs/spec-coverage.md#s4-initialising-url, "initialise filters from URL values": availability accepts
 * only 1 or 2, zero_waste only 1; every other group keeps the ids found in the loaded options; unknown ids
 * are skipped. Without options (`known` null) the taxonomy groups start empty.
 */
export function initialiseFilters(params: URLSearchParams, known: KnownIds | null): FilterSelection {
  const selection = emptySelection();
  for (const group of FILTER_GROUPS) {
    const ids = readIds(params.get(group));
    const fixed = FIXED_IDS[group];
    if (fixed) {
      selection[group] = ids.filter((id) => fixed.includes(id));
    } else {
      const allowed = known?.[group as keyof KnownIds];
      selection[group] = allowed ? ids.filter((id) => allowed.has(id)) : [];
    }
  }
  return selection;
}

/** The ordering of the URL: values outside the spec's fields and directions are logged and left out. */
export interface UrlOrdering {
  order_by?: SortField;
  order?: SortDirection;
}

export function readOrdering(params: URLSearchParams, log: (message: string) => void = console.warn): UrlOrdering {
  const ordering: UrlOrdering = {};
  const orderBy = params.get('order_by');
  if (orderBy !== null && orderBy !== '') {
    if ((SORT_FIELDS as readonly string[]).includes(orderBy)) ordering.order_by = orderBy as SortField;
    else log(`Product list: unknown order_by "${orderBy.slice(0, 50)}" left out`);
  }
  const order = params.get('order');
  if (order !== null && order !== '') {
    if ((SORT_DIRECTIONS as readonly string[]).includes(order)) ordering.order = order as SortDirection;
    else log(`Product list: unknown order "${order.slice(0, 50)}" left out`);
  }
  return ordering;
}

/** The sort menu entry an ordering lands on (missing parts take the default's). */
export function effectiveOrdering(ordering: UrlOrdering): Ordering {
  const orderBy = ordering.order_by ?? DEFAULT_ORDERING.order_by;
  const order = ordering.order ?? DEFAULT_ORDERING.order;
  return SORT_OPTIONS.find((option) => option.order_by === orderBy && option.order === order) ?? DEFAULT_ORDERING;
}

/** A positive page number; anything else is page 1. */
export function readPage(params: URLSearchParams): number {
  const raw = params.get('page')?.trim() ?? '';
  if (!/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/**
 * The query string after a filter change. Each group in `selection` is written as its comma list;
 * a group that is empty is written as an empty value when it was in the URL or was just changed
 * (spec: docs/spec-coverage.md#s2-emptied-filter-group-written), and left out otherwise so untouched groups
 * do not clutter the URL. The page goes back to the first.
 */
export function writeFilters(
  params: URLSearchParams,
  selection: FilterSelection,
  changed: readonly FilterGroup[],
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const group of FILTER_GROUPS) {
    const ids = selection[group];
    if (ids.length > 0 || next.has(group) || changed.includes(group)) next.set(group, ids.join(','));
  }
  next.delete('page');
  return next;
}

export function writeOrdering(params: URLSearchParams, ordering: Ordering): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('order_by', ordering.order_by);
  next.set('order', ordering.order);
  next.set('order_name', ordering.order_name);
  next.delete('page');
  return next;
}

export function writePage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

/** The query of GET /v2/storefront/products: non-empty groups, the valid ordering, page, limit. */
export function productListQuery(
  selection: FilterSelection,
  ordering: UrlOrdering,
  page: number,
): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const group of FILTER_GROUPS) {
    if (selection[group].length > 0) query[group] = selection[group].join(',');
  }
  const effective = effectiveOrdering(ordering);
  if (ordering.order_by) query.order_by = ordering.order_by;
  if (ordering.order) query.order = ordering.order;
  query.order_name = effective.order_name;
  query.page = page;
  query.limit = PAGE_SIZE;
  return query;
}
