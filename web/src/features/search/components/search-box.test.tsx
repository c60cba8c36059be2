import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw-server';
import { rememberSearch } from '../state/recent-searches';
import { createSearchStore } from '../state/search-store';
import { searchHandlers } from '../testing/search-fixtures';
import { renderSearch } from '../testing/render-search';

afterEach(() => {
  localStorage.clear();
});

describe('search box', () => {
  it('shows popular products and recent searches when focused', async () => {
    const user = userEvent.setup();
    server.use(...searchHandlers());
    rememberSearch({ id: 9, name: 'Zinc Picolinate', slug: 'zinc-picolinate', image_url: '' });
    await renderSearch('/en/products', createSearchStore());
    const input = await screen.findByRole('combobox', { name: 'Search products' });
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('heading', { name: 'Popular products' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Vitamin D3 1000 IU/ })).toHaveAttribute('href', '/en/products/product-1');
    expect(screen.getByRole('heading', { name: 'Recent searches' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zinc Picolinate/ })).toHaveAttribute('href', '/en/products/zinc-picolinate');
  });

  it('searches as you type, offers did-you-mean, remembers an opened product and closes on navigation', async () => {
    const user = userEvent.setup();
    const searches: URLSearchParams[] = [];
    server.use(...searchHandlers(searches));
    const store = createSearchStore();
    const { router } = await renderSearch('/en/products', store);
    const input = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(input, 'magnesum');

    const hitLink = await screen.findByRole('link', { name: /Magnesium Citrate 150mg/ });
    // The debounce sends one request for the whole word, not one per letter.
    expect(searches.map((query) => query.get('query'))).toEqual(['magnesum']);
    expect(Object.fromEntries(searches[0] ?? [])).toMatchObject({ formatted: '1', page: '1', per_page: '10', order_by: '1', order: 'desc' });
    expect(screen.getByText('Did you mean:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All results (1)' })).toHaveAttribute(
      'href',
      '/en/search-results?query=magnesum&per_page=12&page=1',
    );

    await user.click(hitLink);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/products/product-8'));
    expect(store.getState().status).toBe('not-showing');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.click(input);
    await user.clear(input);
    expect(await screen.findByRole('link', { name: /Magnesium Citrate 150mg/ })).toHaveAttribute('href', '/en/products/product-8');
    expect(screen.getByRole('heading', { name: 'Recent searches' })).toBeInTheDocument();
  });

  it('follows the did-you-mean suggestion', async () => {
    const user = userEvent.setup();
    const searches: URLSearchParams[] = [];
    server.use(...searchHandlers(searches));
    await renderSearch('/en/products', createSearchStore());
    const input = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(input, 'magnesum');
    await user.click(await screen.findByRole('button', { name: 'magnesium' }));
    expect(input).toHaveValue('magnesium');
    await waitFor(() => expect(searches.map((query) => query.get('query'))).toEqual(['magnesum', 'magnesium']));
  });

  it('Enter opens the results page; Escape closes the dropdown', async () => {
    const user = userEvent.setup();
    server.use(...searchHandlers());
    const { router } = await renderSearch('/en', createSearchStore());
    const input = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(input, 'zzz');
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, '{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/search-results'));
    expect(router.state.location.search).toBe('?query=zzz&per_page=12&page=1');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Results for “zzz”' })).toBeInTheDocument();
  });

  it('leaving the search and product pages resets to not-showing and clears filters', async () => {
    const user = userEvent.setup();
    server.use(...searchHandlers());
    const store = createSearchStore();
    const { router } = await renderSearch('/en/search-results?query=vitamin', store);
    const input = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(input, 'zinc');
    store.toggleFilter('brands', { id: 5, name: 'Brightfern' });
    await router.navigate('/en/products/product-1');
    await waitFor(() => expect(store.getState()).toMatchObject({ status: 'not-showing', query: 'zinc' }));
    expect(store.getState().filters.brands).toHaveLength(1);

    await router.navigate('/en/cart');
    await waitFor(() => expect(store.getState()).toMatchObject({ status: 'not-showing', query: '' }));
    expect(store.getState().filters.brands).toEqual([]);
    expect(input).toHaveValue('');
  });
});
