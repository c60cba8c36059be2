import { prefetch } from '../../../lib/api/prefetch';
import { fetchProduct } from '../../../lib/catalog/product';
import type { Language } from '../../../lib/languages';
import { getRegion } from '../../../lib/session/region';
import { expiresAtOf } from '../../../lib/session/token-claims';
import { getTokens } from '../../../lib/session/token-store';
import { preloadCardImages } from '../components/card-image';
import { initialiseFilters, needsOptions, productListQuery, readOrdering, readPage } from '../state/filter-query';
import { categoriesKey, fetchCategories } from './categories';
import { fetchFilterOptions, filterOptionsKey } from './filter-options';
import { productKey } from './product-detail';
import { fetchProductList, productListKey } from './product-list';

// The ordering is checked again, and a bad one logged, when the list renders.
const quiet = () => undefined;

/** A token this close to its expiry may be refused by the time the call arrives. */
const TOKEN_MARGIN_MS = 30_000;

/**
 * Whether a call made now goes out signed in with a token the server accepts, or signed out. A tab
 * opened on an expired token refreshes it first; a prefetch before that would only be refused
 * (401) and show an error, so the page's own calls, made after the refresh, are left to ask.
 */
function tokenUsable(now: number): boolean {
  const tokens = getTokens();
  if (!tokens) return true;
  const expiresAt = expiresAtOf(tokens.accessToken);
  return expiresAt === null || expiresAt - now > TOKEN_MARGIN_MS;
}

/**
 * Starts the calls the products section makes on its first render, under the keys its hooks use,
 * so they run while the section's code and translations still load instead of after them.
 * `path` is the part of the URL after `products/`: empty for the list, a slug for a product.
 * The call the first screen shows (the list, the product) goes first: the browser only has a few
 * connections to the server and the others may wait for one.
 */
export function prefetchCatalog(path: string, params: URLSearchParams, language: Language): void {
  const slug = path.replace(/\/$/, '');
  // Deeper paths are the section's not-found screen, which asks for nothing.
  if (slug.includes('/') || !tokenUsable(Date.now())) return;
  const region = getRegion();
  if (slug !== '') {
    prefetch(productKey(slug, language, region), () => fetchProduct(slug, language));
  } else if (!needsOptions(params)) {
    // Taxonomy ids in the URL are checked against the options first; then the list asks by itself.
    const query = productListQuery(initialiseFilters(params, null), readOrdering(params, quiet), readPage(params));
    prefetch(productListKey(query, language, region), () =>
      fetchProductList(query, language).then((reply) => {
        preloadCardImages(reply.data);
        return reply;
      }),
    );
  }
  if (slug === '') prefetch(filterOptionsKey(language), () => fetchFilterOptions(language));
  // The list's filters and a product's breadcrumbs both come from the category tree.
  prefetch(categoriesKey(language), () => fetchCategories(language));
}
