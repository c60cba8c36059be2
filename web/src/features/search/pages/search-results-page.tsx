import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageLoading } from '../../../components/ui/page-loading';
import { ProductImage } from '../../../components/ui/product-image';
import { StockBadge } from '../../../components/ui/stock-badge';
import { formatMoney } from '../../../lib/format/money';
import { useSearchResults } from '../api/search-products';
import type { FacetOption, SearchResult } from '../api/types';
import { RESULTS_PER_PAGE, searchResultsPath } from '../components/search-box';
import '../components/search.css';
import {
  filtersToQuery,
  isBlankQuery,
  searchStore,
  SEARCH_FILTER_GROUPS,
  useSearchState,
  type SearchFilterGroup,
} from '../state/search-store';

const MAX_PER_PAGE = 100;

/** The reply's facet list for each filter group. */
const FACETS: Record<SearchFilterGroup, keyof SearchResult> = {
  brands: 'brands',
  categories: 'unique_categories',
  free_from: 'unique_free_from',
  suitable_for: 'unique_suitable_for',
};

function positive(raw: string | null, fallback: number, maximum: number): number {
  const value = raw?.trim() ?? '';
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1) return fallback;
  return Math.min(Number(value), maximum);
}

/**
 * `/{lang}/search-results?query=&per_page=&page=` (spec: docs/spec-coverage.md#s2-search-state-url-query):
 * the full results with filters and the did-you-mean suggestion. The text and paging live in the URL; the
 * filters in the search state, which is cleared when the shopper leaves the search and product pages.
 */
export function SearchResultsPage() {
  // While the search translations load, only the page area waits; the header stays.
  return (
    <Suspense fallback={<PageLoading />}>
      <SearchResults />
    </Suspense>
  );
}

function SearchResults() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const { filters } = useSearchState();
  const query = (params.get('query') ?? '').trim();
  const perPage = positive(params.get('per_page'), RESULTS_PER_PAGE, MAX_PER_PAGE);
  const page = positive(params.get('page'), 1, 100_000);
  const blank = isBlankQuery(query);
  const { data, isLoading } = useSearchResults(
    blank ? null : { query, page, per_page: perPage, filters: filtersToQuery(filters) },
  );

  const goToPage = (next: number) => {
    const updated = new URLSearchParams(params);
    updated.set('query', query);
    updated.set('per_page', String(perPage));
    updated.set('page', String(next));
    setParams(updated, { replace: true });
  };

  const toggle = (group: SearchFilterGroup, option: { id: number; name: string }) => {
    searchStore.toggleFilter(group, option);
    if (page !== 1) goToPage(1);
  };

  const facetList = (group: SearchFilterGroup): FacetOption[] => {
    const fromReply = (data?.[FACETS[group]] as FacetOption[] | undefined) ?? [];
    // A chosen option stays listed (count unknown) even when the narrowed reply leaves it out.
    const missing = filters[group]
      .filter((chosen) => !fromReply.some((option) => option.id === chosen.id))
      .map((chosen) => ({ ...chosen, count: 0 }));
    return [...missing, ...fromReply];
  };

  return (
    <div className="search-results">
      <h1>{blank ? t('title') : t('results.title', { query })}</h1>
      {data?.did_you_mean && (
        <p className="search-results__suggestion">
          {t('did-you-mean')}{' '}
          <LocalizedLink to={searchResultsPath(data.did_you_mean, 1, perPage)}>{data.did_you_mean}</LocalizedLink>
        </p>
      )}
      {blank ? (
        <p>{t('results.prompt')}</p>
      ) : (
        <div className="search-results__body">
          <aside className="search-filters" aria-label={t('filters.title')}>
            <h2>{t('filters.title')}</h2>
            {SEARCH_FILTER_GROUPS.map((group) => {
              const list = facetList(group);
              if (list.length === 0) return null;
              return (
                <fieldset key={group} className="search-filters__group">
                  <legend>{t(`filters.groups.${group}`)}</legend>
                  <ul>
                    {list.map((option) => (
                      <li key={option.id}>
                        <label>
                          <input
                            type="checkbox"
                            checked={filters[group].some((chosen) => chosen.id === option.id)}
                            onChange={() => toggle(group, option)}
                          />
                          <span className="search-filters__name">{option.name}</span>
                          {' '}
                          <span className="search-filters__count">{option.count}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              );
            })}
          </aside>
          <section aria-label={t('results.label')} aria-busy={isLoading}>
            {!data ? (
              <p>{t('box.searching')}</p>
            ) : data.hits.length === 0 ? (
              <p>{t('results.none')}</p>
            ) : (
              <>
                <p className="search-results__count">{t('results.count', { count: data.total_found })}</p>
                <ul className="search-results__grid">
                  {data.hits.map((product) => {
                    const asset = product.assets[0];
                    return (
                      <li key={product.id} className="search-card">
                        <LocalizedLink to={`/products/${product.slug}`} className="search-card__link">
                          <ProductImage
                            className="search-card__image"
                            src={asset?.thumbnails.thumbnail_250 ?? asset?.image_url}
                            alt={asset?.alt_text || product.name}
                            width={250}
                            height={250}
                            loading="lazy"
                          />
                          <span className="search-card__brand">{product.brand.name}</span>
                          <span className="search-card__name">{product.name}</span>
                        </LocalizedLink>
                        <span className="search-card__price">{formatMoney(product.price, product.currency)}</span>
                        <StockBadge stock={product.stock} className="search-card__stock" />
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
            {data && data.total_pages > 1 && (
              <nav className="search-pagination" aria-label={t('pagination.label')}>
                <button type="button" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
                  {t('pagination.previous')}
                </button>
                <span>{t('pagination.status', { page, total: data.total_pages })}</span>
                <button type="button" disabled={page >= data.total_pages} onClick={() => goToPage(page + 1)}>
                  {t('pagination.next')}
                </button>
              </nav>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
