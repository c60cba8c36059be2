import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { removeStored } from '../../../lib/session/stored-value';
import { setRegion } from '../../../lib/session/region';

import { server } from '../../../testing/msw-server';
import { card, catalogHandlers, listPage } from '../testing/catalog-fixtures';
import { currentSearch, renderCatalog } from '../testing/render-catalog';

function setup() {
  const requests: URLSearchParams[] = [];
  server.use(...catalogHandlers(requests));
  const last = () => Object.fromEntries(requests[requests.length - 1] ?? []);
  return { requests, last };
}

describe('product list', () => {
  it('shows products, prices in the region currency, counts and the first of pages of 26', async () => {
    const { last } = setup();
    await renderCatalog('/en/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    await screen.findByText('Product 1');
    expect(screen.getByText('Products found: 60')).toBeInTheDocument();
    expect(screen.getAllByText('29,95 €')).toHaveLength(26);
    expect(last()).toEqual({ order_name: '1', page: '1', limit: '26' });
    const brands = screen.getByRole('group', { name: 'Brands' });
    expect(within(brands).getByRole('checkbox', { name: 'Brightfern 41' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Available 60' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Product 1 jar/ })).toHaveAttribute('href', '/en/products/product-1');
  });

  it('marks cards with few left, sold out or on back-order, and says nothing of those in stock', async () => {
    setup();
    server.use(
      http.get('*/api/v2/storefront/products', () =>
        HttpResponse.json({
          ...listPage(new URLSearchParams(), 4),
          data: [
            card(1, { stock: { state: 'low', available: 3, note: '' } }),
            card(2, { is_available: false, stock: { state: 'sold_out', available: null, note: '' } }),
            card(3, { stock: { state: 'back_order', available: null, note: 'Back in May' } }),
            card(4),
          ],
        }),
      ),
    );
    await renderCatalog('/en/products');
    await screen.findByText('Product 1');
    const cardOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    expect(within(cardOf('Product 1')).getByText('Only 3 left')).toBeInTheDocument();
    expect(within(cardOf('Product 2')).getByText('Sold out')).toBeInTheDocument();
    // Sold out is said once, not also as "Out of stock".
    expect(within(cardOf('Product 2')).queryByText('Out of stock')).toBeNull();
    expect(within(cardOf('Product 3')).getByText('On back-order: Back in May')).toBeInTheDocument();
    expect(cardOf('Product 4').querySelector('.stock-badge')).toBeNull();
  });

  it('starts from the URL: skips unknown ids and bad values, logs bad ordering, never blanks the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { last } = setup();
    await renderCatalog('/en/products?brands=5,999,x&availability=1,3&zero_waste=2&order_by=bogus&order=asc&page=abc');
    await screen.findByText('Product 1');
    expect(last()).toEqual({ brands: '5', availability: '1', order: 'asc', order_name: '2', page: '1', limit: '26' });
    expect(screen.getByRole('checkbox', { name: 'Brightfern 41' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Kestrel Naturals 19' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Available 60' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sale' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('2');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('bogus'));
  });

  it('adds, removes and resets filters in the query string without adding history entries', async () => {
    const user = userEvent.setup();
    const { last } = setup();
    const { router } = await renderCatalog('/en/products?page=2');
    await screen.findByText('Product 27');

    await user.click(screen.getByRole('checkbox', { name: 'Kestrel Naturals 19' }));
    await waitFor(() => expect(currentSearch(router).get('brands')).toBe('3'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(currentSearch(router).has('page')).toBe(false);
    await waitFor(() => expect(last()).toMatchObject({ brands: '3', page: '1' }));

    await user.click(screen.getByRole('checkbox', { name: 'Available 60' }));
    await waitFor(() => expect(router.state.location.search).toBe('?brands=3&availability=1'));

    await user.click(screen.getByRole('checkbox', { name: 'Kestrel Naturals 19' }));
    await waitFor(() => expect(router.state.location.search).toBe('?brands=&availability=1'));
    await waitFor(() => expect(last()).toEqual({ availability: '1', order_name: '1', page: '1', limit: '26' }));

    await user.click(screen.getAllByRole('button', { name: 'Reset filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?brands=&availability='));
    expect(screen.getByRole('checkbox', { name: 'Available 60' })).not.toBeChecked();

    // Every change replaced the entry: one step back is the page before the list.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
  });

  it('sorts and pages through the query string, replacing the entry', async () => {
    const user = userEvent.setup();
    const { last } = setup();
    const { router } = await renderCatalog('/en/products');
    await screen.findByText('Product 1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await waitFor(() => expect(router.state.location.search).toBe('?order_by=price&order=asc&order_name=5'));
    await waitFor(() => expect(last()).toMatchObject({ order_by: 'price', order: 'asc', order_name: '5' }));

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(currentSearch(router).get('page')).toBe('2'));
    await screen.findByText('Product 27');
    expect(last()).toMatchObject({ page: '2', order_by: 'price' });
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByText('Product 53');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
  });

  it('goes to the last page when the URL asks for a page past the end', async () => {
    setup();
    const { router } = await renderCatalog('/en/products?page=40');
    await waitFor(() => expect(currentSearch(router).get('page')).toBe('3'));
    await screen.findByText('Product 53');
  });

  it('shows the category path in the breadcrumbs', async () => {
    setup();
    await renderCatalog('/en/products?categories=8');
    await screen.findByText('Product 1');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en');
    expect(within(trail).getByRole('link', { name: 'Minerals' })).toHaveAttribute('href', '/en/products?categories=7');
    expect(within(trail).getByText('Magnesium')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('checkbox', { name: 'Magnesium 6' })).toBeChecked();
  });

  it('asks for the first row of images first and leaves the rest until they scroll in', async () => {
    setup();
    await renderCatalog('/en/products');
    await screen.findByText('Product 1');
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(26);
    for (const image of images.slice(0, 4)) {
      expect(image).toHaveAttribute('loading', 'eager');
      expect(image).toHaveAttribute('fetchpriority', 'high');
    }
    for (const image of images.slice(4)) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).not.toHaveAttribute('fetchpriority');
    }
  });

  it('speaks German under /de', async () => {
    setup();
    await renderCatalog('/de/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Produkte' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toBeInTheDocument();
    await screen.findByText('Gefundene Produkte: 60');
    expect(screen.getAllByText('29,95 €').length).toBeGreaterThan(0);
  });

  it('asks again in the new currency when the visitor switches to the UK store', async () => {
    setup();
    const regions: (string | null)[] = [];
    server.use(
      http.get('*/api/v2/storefront/products', ({ request }) => {
        const region = request.headers.get('X-Region');
        regions.push(region);
        const uk = region === 'uk';
        return HttpResponse.json({
          data: [card(1, uk ? { price: '25.50', currency: 'GBP' } : {})],
          total_results: 1,
          total_pages: 1,
          current_page: 1,
          limit: 26,
        });
      }),
    );
    await renderCatalog('/en/products');
    expect(await screen.findByText('29,95 €')).toBeInTheDocument();
    act(() => setRegion('uk'));
    expect(await screen.findByText('£25.50')).toBeInTheDocument();
    expect(regions).toEqual(['eu', 'uk']);
    removeStored('region');
  });
});
