import type { Schemas } from '../../../lib/api/types';

/**
 * Reply shapes of the storefront catalogue calls (spec: docs/spec-coverage.md#s3-product-list-page), as the
 * server's schema declares them.
 */
export type FilterOption = Schemas['FilterOption'];
export type CategoryNode = Schemas['CategoryNode'];
export type FilterOptions = Schemas['FilterOptionsOut'];
export type ProductCard = Schemas['ProductCard'];
export type ProductDetail = Schemas['ProductDetail'];
/** `facets` counts per option id (as a string) for every group, given the other groups' filters. */
export type ProductListPage = Schemas['ProductListOut'];
