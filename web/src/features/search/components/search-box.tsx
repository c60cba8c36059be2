import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { usePopularProducts } from '../api/popular-products';
import type { SearchProduct } from '../api/types';
import { readRecentSearches, rememberSearch, type RecentSearchItem } from '../state/recent-searches';
import { isBlankQuery, searchStore, useSearchState, type SearchStore } from '../state/search-store';
import { SearchProductLink } from './search-product-link';
import './search.css';

/**
 * Spec docs/spec-coverage.md#s9-search-debounce-200-ms: the search state's page size, used by the results
 * page the box leads to.
 */
export const RESULTS_PER_PAGE = 12;

/** `/{lang}/products...` and `/{lang}/search-results`: the pages where the search keeps its state. */
const SEARCH_AREA = /^\/[^/]+\/(products(\/.*)?|search-results\/?)$/;

export function searchResultsPath(query: string, page = 1, perPage = RESULTS_PER_PAGE): string {
  const params = new URLSearchParams({ query, per_page: String(perPage), page: String(page) });
  return `/search-results?${params.toString()}`;
}

function imageOf(product: SearchProduct): string | undefined {
  const asset = product.assets[0];
  return asset?.thumbnails.thumbnail_75 ?? asset?.image_url;
}

function toRecent(product: SearchProduct): RecentSearchItem {
  return { id: product.id, name: product.name, slug: product.slug, image_url: imageOf(product) ?? '' };
}

/**
 * The header search (spec: docs/spec-coverage.md#s2-search-shows-popular,
 * docs/spec-coverage.md#s4-search-showing-focused): popular products and recent searches when focused,
 * results as you type (200 ms debounce, stale requests aborted), a did-you-mean suggestion, and Enter for the
 * full results page. Mount it once, inside the router (the site header).
 */
export function SearchBox({ store = searchStore }: { store?: SearchStore }) {
  // Not suspending: the header must not wait for this namespace; the box appears once it is in.
  const { t, ready } = useTranslation('search', { useSuspense: false });
  const state = useSearchState(store);
  const navigate = useNavigate();
  const language = useCurrentLanguage();
  const { pathname } = useLocation();
  const listId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const [recent, setRecent] = useState<RecentSearchItem[]>([]);
  const popular = usePopularProducts(state.status === 'focused');

  // Any navigation closes the dropdown; leaving the search and product pages also clears the
  // search and its filters (spec: docs/spec-coverage.md#s4-leaving-search-products).
  useEffect(() => {
    if (SEARCH_AREA.test(pathname)) store.close();
    else store.reset();
  }, [pathname, store]);

  if (!ready) return <div className="search-box search-box--pending" aria-hidden="true" />;

  const open = state.status !== 'not-showing';
  const showRecent = () => setRecent(readRecentSearches());

  const openProduct = (product: SearchProduct) => {
    setRecent(rememberSearch(toRecent(product)));
    store.close();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus moving inside the box (to a result link) keeps it open; anywhere else closes it.
    if (!wrapper.current?.contains(event.relatedTarget)) store.close();
  };

  const results = state.results;
  return (
    <div className="search-box" ref={wrapper} onBlur={onBlur}>
      <form
        role="search"
        aria-label={t('box.label')}
        onSubmit={(event) => {
          event.preventDefault();
          if (isBlankQuery(state.query)) return;
          store.close();
          void navigate(localizePath(searchResultsPath(state.query.trim()), language));
        }}
      >
        <input
          type="search"
          // A combobox: the text box owns the suggestion list it expands (aria-expanded needs the role).
          role="combobox"
          aria-autocomplete="list"
          className="search-box__input"
          aria-label={t('box.label')}
          placeholder={t('box.placeholder')}
          autoComplete="off"
          aria-expanded={open}
          aria-controls={listId}
          value={state.query}
          onFocus={() => {
            showRecent();
            store.focus();
          }}
          onChange={(event) => {
            if (isBlankQuery(event.target.value)) showRecent();
            store.type(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') store.close();
          }}
        />
      </form>
      {open && (
        <div className="search-dropdown" id={listId} data-state={state.status}>
          {state.status === 'focused' && (
            <>
              {recent.length > 0 && (
                <section>
                  <h2 className="search-dropdown__title">{t('box.recent')}</h2>
                  <ul>
                    {recent.map((item) => (
                      <li key={item.id}>
                        <SearchProductLink
                          slug={item.slug}
                          name={item.name}
                          imageUrl={item.image_url || undefined}
                          onOpen={() => store.close()}
                        />
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {popular.data && popular.data.length > 0 && (
                <section>
                  <h2 className="search-dropdown__title">{t('box.popular')}</h2>
                  <ul>
                    {popular.data.slice(0, 5).map((product) => (
                      <li key={product.id}>
                        <SearchProductLink
                          slug={product.slug}
                          name={product.name}
                          brand={product.brand.name}
                          imageUrl={imageOf(product)}
                          onOpen={() => openProduct(product)}
                        />
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
          {state.status === 'searching' && (
            <section aria-live="polite" aria-busy={state.isLoading}>
              {state.did_you_mean && (
                <p className="search-dropdown__suggestion">
                  {t('did-you-mean')}{' '}
                  <button type="button" className="link-button" onClick={() => store.type(state.did_you_mean ?? '')}>
                    {state.did_you_mean}
                  </button>
                </p>
              )}
              {state.isLoading && !results ? (
                <p className="search-dropdown__status">{t('box.searching')}</p>
              ) : results && results.hits.length === 0 ? (
                <p className="search-dropdown__status">{t('results.none')}</p>
              ) : (
                results && (
                  <>
                    <h2 className="search-dropdown__title">{t('box.products')}</h2>
                    <ul>
                      {results.hits.map((product) => (
                        <li key={product.id}>
                          <SearchProductLink
                            slug={product.slug}
                            name={product.name}
                            brand={product.brand.name}
                            imageUrl={imageOf(product)}
                            onOpen={() => openProduct(product)}
                          />
                        </li>
                      ))}
                    </ul>
                    <LocalizedLink
                      className="search-dropdown__all"
                      to={searchResultsPath(state.query.trim())}
                      onClick={() => store.close()}
                    >
                      {t('box.all-results', { count: results.total_found })}
                    </LocalizedLink>
                  </>
                )
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
