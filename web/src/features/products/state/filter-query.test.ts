import { describe, expect, it, vi } from 'vitest';

import { categoryTree, filterOptions } from '../testing/catalog-fixtures';
import {
  DEFAULT_ORDERING,
  effectiveOrdering,
  emptySelection,
  initialiseFilters,
  knownIds,
  needsOptions,
  productListQuery,
  readIds,
  readOrdering,
  readPage,
  SORT_OPTIONS,
  writeFilters,
  writeOrdering,
  writePage,
} from './filter-query';

const known = knownIds(filterOptions, categoryTree);
const params = (query: string) => new URLSearchParams(query);

describe('product list query string', () => {
  it('reads comma lists of numeric ids, dropping anything else', () => {
    expect(readIds('5, 3,abc,-1,5,,1e3,9999999999')).toEqual([5, 3]);
    expect(readIds(null)).toEqual([]);
    expect(readIds('')).toEqual([]);
  });

  it('initialises filters by the rules of spec docs/spec-coverage.md#s4-initialising-url', () => {
    const selection = initialiseFilters(
      params('availability=1,2,3&zero_waste=1,2&brands=5,999,x&categories=8,70&health_goals=1&free_from=4,5'),
      known,
    );
    expect(selection).toEqual({
      ...emptySelection(),
      availability: [1, 2],
      zero_waste: [1],
      brands: [5],
      categories: [8],
      health_goals: [1],
      free_from: [4],
    });
  });

  it('accepts availability and zero_waste before the options are loaded, but no taxonomy ids', () => {
    const selection = initialiseFilters(params('availability=2&zero_waste=1&brands=5'), null);
    expect(selection.availability).toEqual([2]);
    expect(selection.zero_waste).toEqual([1]);
    expect(selection.brands).toEqual([]);
    expect(needsOptions(params('availability=2'))).toBe(false);
    expect(needsOptions(params('brands=5'))).toBe(true);
    expect(needsOptions(params('brands=x'))).toBe(false);
  });

  it('logs and leaves out ordering values outside the spec', () => {
    const log = vi.fn();
    expect(readOrdering(params('order_by=popularity&order=sideways'), log)).toEqual({});
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]?.[0]).toContain('popularity');
    expect(readOrdering(params('order_by=price&order=asc'), log)).toEqual({ order_by: 'price', order: 'asc' });
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('offers every field in both directions, the default first with order_name 1', () => {
    expect(SORT_OPTIONS).toHaveLength(10);
    expect(SORT_OPTIONS[0]).toEqual(DEFAULT_ORDERING);
    expect(DEFAULT_ORDERING).toEqual({ order_by: 'id', order: 'desc', order_name: '1' });
    expect(effectiveOrdering({ order: 'asc' })).toMatchObject({ order_by: 'id', order: 'asc', order_name: '2' });
  });

  it('reads a positive page, anything else being page 1', () => {
    expect(readPage(params('page=3'))).toBe(3);
    expect(readPage(params('page=0'))).toBe(1);
    expect(readPage(params('page=-2'))).toBe(1);
    expect(readPage(params('page=two'))).toBe(1);
    expect(readPage(params(''))).toBe(1);
  });

  it('writes an emptied group as an empty value, leaves untouched empty groups out, and goes to page 1', () => {
    const next = writeFilters(params('brands=5&page=3&order=asc'), { ...emptySelection(), availability: [1] }, ['brands']);
    expect(next.toString()).toBe('brands=&order=asc&availability=1');
  });

  it('writes ordering and page', () => {
    const option = SORT_OPTIONS.find((item) => item.order_by === 'price' && item.order === 'asc');
    expect(option).toBeDefined();
    if (!option) return;
    expect(writeOrdering(params('brands=5&page=2'), option).toString()).toBe('brands=5&order_by=price&order=asc&order_name=5');
    expect(writePage(params('brands=5'), 2).toString()).toBe('brands=5&page=2');
    expect(writePage(params('brands=5&page=2'), 1).toString()).toBe('brands=5');
  });

  it('builds the product request from valid values only, with pages of 26', () => {
    const query = productListQuery({ ...emptySelection(), brands: [5, 3], availability: [1] }, { order: 'asc' }, 2);
    expect(query).toEqual({ brands: '5,3', availability: '1', order: 'asc', order_name: '2', page: 2, limit: 26 });
  });
});
