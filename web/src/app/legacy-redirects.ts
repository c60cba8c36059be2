/**
 * Old store URLs (spec: docs/spec-coverage.md#s2-old-store-urls-redirected) and where they live now. Paths
 * here carry no language prefix: the language redirect adds it afterwards. Only unprefixed paths are checked,
 * since the old store never had language segments and a new URL must never be rewritten.
 */
export const LEGACY_EXACT_REDIRECTS: Readonly<Record<string, string>> = {
  '/pages/practitioners-information': '/practitioners-information',
  '/account/register': '/onboarding/register-as',
  '/pages/amrita-3-0': '/',
};

/**
 * Old collection pages become the product list ordered by id, newest first. A full page load of
 * `/collections/<handle>` never gets here: the server answers it with a 301 that also turns the handle
 * into a category or brand filter (server/catalog/legacy.py). This rule covers in-app navigations.
 */
export const LEGACY_COLLECTION_TARGET = '/products?order_by=id&order=desc';

const COLLECTION = /^\/collections\/[^/]+$/;

/**
 * Old product URLs ended in the old store's numeric id (`/products/some-slug-12345`). Ids
 * there had at least five digits; shorter numbers are kept because new slugs may end in a
 * dose (`magnesium-citrate-200`).
 */
const PRODUCT_WITH_ID = /^(\/products\/[^/]+?)-\d{5,}$/;

/** The new path (with query) for an old store URL, or null when it is not an old URL. */
export function resolveLegacyRedirect(pathname: string, search = ''): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = LEGACY_EXACT_REDIRECTS[path];
  if (exact !== undefined) return exact + search;
  if (COLLECTION.test(path)) return LEGACY_COLLECTION_TARGET;
  const product = PRODUCT_WITH_ID.exec(path);
  if (product?.[1]) return product[1] + search;
  return null;
}
