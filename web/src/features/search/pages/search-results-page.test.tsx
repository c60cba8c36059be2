import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../testing/msw-server';
import { searchStore } from '../state/search-store';
import { hit, result, searchHandlers } from '../testing/search-fixtures';
import { renderSearch } from '../testing/render-search';

afterEach(() => {
  searchStore.reset();
});

describe('search results page', () => {
  it('searches with the URL query, page and per_page, and pages by replacing the entry', async () => {
    const user = userEvent.setup();
    const searches: URLSearchParams[] = [];
    server.use(...searchHandlers(searches));
    const { router } = await renderSearch('/en/search-results?query=vitamin&per_page=12&page=1');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Results for “vitamin”' })).toBeInTheDocument();
    expect(await within(main).findByText('vitamin product 1')).toBeInTheDocument();
    expect(within(main).getAllByText('12,50 €')).toHaveLength(12);
    expect(Object.fromEntries(searches[0] ?? [])).toMatchObject({ query: 'vitamin', per_page: '12', page: '1' });

    await user.click(within(main).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=vitamin&per_page=12&page=2'));
    expect(router.state.historyAction).toBe('REPLACE');
    await screen.findByText('Page 2 of 3');
    expect(searches[searches.length - 1]?.get('page')).toBe('2');
  });

  it('shows did-you-mean and filters by the facets', async () => {
    const user = userEvent.setup();
    const searches: URLSearchParams[] = [];
    server.use(...searchHandlers(searches));
    await renderSearch('/en/search-results?query=magnesum');
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Did you mean:')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'magnesium' })).toHaveAttribute(
      'href',
      '/en/search-results?query=magnesium&per_page=12&page=1',
    );
    await user.click(within(main).getByRole('checkbox', { name: 'Brightfern 1' }));
    await waitFor(() => expect(searches[searches.length - 1]?.get('brands')).toBe('5'));
    expect(within(main).getByRole('checkbox', { name: 'Brightfern 1' })).toBeChecked();
  });

  it('marks results with few left, sold out or on back-order', async () => {
    server.use(
      http.post('*/api/v2/storefront/search', () =>
        HttpResponse.json(
          result([
            { ...hit(1, 'Zinc Picolinate'), stock: { state: 'low', available: 4, note: '' } },
            { ...hit(2, 'Vitamin D3 Drops'), is_available: false, stock: { state: 'sold_out', available: null, note: '' } },
            { ...hit(3, 'Magnesium Glycinate'), stock: { state: 'back_order', available: null, note: '' } },
            hit(4, 'Omega-3 Fish Oil'),
          ]),
        ),
      ),
      ...searchHandlers(),
    );
    await renderSearch('/en/search-results?query=vitamin');
    const main = screen.getByRole('main');
    const cardOf = async (name: string) => (await within(main).findByText(name)).closest('li') as HTMLElement;
    expect(within(await cardOf('Zinc Picolinate')).getByText('Only 4 left')).toBeInTheDocument();
    expect(within(await cardOf('Vitamin D3 Drops')).getByText('Sold out')).toBeInTheDocument();
    expect(within(await cardOf('Magnesium Glycinate')).getByText('On back-order')).toBeInTheDocument();
    expect((await cardOf('Omega-3 Fish Oil')).querySelector('.stock-badge')).toBeNull();
  });

  it('shows a failed search as no results', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('*/api/v2/storefront/search', () => new HttpResponse(null, { status: 503 })));
    await renderSearch('/en/search-results?query=zinc&per_page=oops&page=-4');
    expect(await screen.findByText('No products found.', { selector: 'main p' })).toBeInTheDocument();
  });
});
