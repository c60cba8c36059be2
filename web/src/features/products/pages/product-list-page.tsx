import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useProductList } from '../api/product-list';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs';
import { EAGER_CARDS } from '../components/card-image';
import { categoryPath } from '../components/category-path';
import { FilterPanel } from '../components/filter-panel';
import { LoadError } from '../components/load-error';
import { Pagination } from '../components/pagination';
import { ProductCard } from '../components/product-card';
import { SortMenu } from '../components/sort-menu';
import { useProductFilters } from '../state/use-product-filters';

/**
 * `/{lang}/products`: filters with counts, sorting, breadcrumbs and pages of 26 (spec:
 * docs/spec-coverage.md#s2-lang-products-list-filters).
 */
export function ProductListPage() {
  const { t } = useTranslation('catalog');
  const filters = useProductFilters();
  const list = useProductList(filters.query);
  const reply = list.data;

  // A hand-edited page past the end goes to the last page instead of showing nothing.
  const { page, setPage } = filters;
  const lastPage = reply?.total_pages ?? 0;
  useEffect(() => {
    if (!list.isValidating && lastPage > 0 && page > lastPage) setPage(lastPage);
  }, [list.isValidating, lastPage, page, setPage]);

  const crumbs: Crumb[] = [{ label: t('breadcrumbs.products'), to: '/products' }];
  const chosenCategories = filters.selection.categories;
  if (chosenCategories.length === 1 && chosenCategories[0] !== undefined) {
    // One category chosen: the trail shows its place in the tree, each level a link to that category.
    for (const node of categoryPath(filters.categories.data, chosenCategories[0])) {
      crumbs.push({ label: node.name, to: `/products?categories=${node.id}` });
    }
  }

  return (
    <div className="catalog">
      <Breadcrumbs items={crumbs} />
      <div className="catalog__head">
        <div>
          <h1>{t('title')}</h1>
          {reply && <p className="catalog__count">{t('results.count', { count: reply.total_results })}</p>}
        </div>
        <SortMenu value={filters.ordering} onChange={filters.setOrdering} />
      </div>
      <div className="catalog__body">
        <FilterPanel
          options={filters.options.data}
          categories={filters.categories.data}
          selection={filters.selection}
          facets={reply?.facets}
          onAdd={filters.addFilter}
          onRemove={filters.removeFilter}
          onReset={filters.resetFilters}
        />
        <section className="catalog__results" aria-label={t('results.label')} aria-busy={list.isLoading}>
          {list.error && !reply ? (
            <LoadError onRetry={() => void list.mutate()} />
          ) : !reply ? (
            <p className="catalog__status">{t('results.loading')}</p>
          ) : reply.data.length === 0 ? (
            <div className="catalog__status">
              <p>{t('results.empty')}</p>
              {filters.activeCount > 0 && (
                <button type="button" className="button" onClick={filters.resetFilters}>
                  {t('filters.reset')}
                </button>
              )}
            </div>
          ) : (
            <ul className="product-grid">
              {reply.data.map((product, index) => (
                <ProductCard key={product.id} product={product} eager={index < EAGER_CARDS} />
              ))}
            </ul>
          )}
          {reply && <Pagination current={reply.current_page} total={reply.total_pages} onChange={setPage} />}
        </section>
      </div>
    </div>
  );
}
