import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';

import { PageLoading } from '../../../components/ui/page-loading';
import { ProductNotFound } from '../components/product-not-found';
import './products.css';
import { ProductListPage } from './product-list-page';

// The product page is its own chunk: the list, the usual landing page, loads without it.
const ProductPage = lazy(() => import('./product-page').then((module) => ({ default: module.ProductPage })));

/** The `products/*` section: the list at `products`, a product at `products/{slug}`. */
export function ProductsPage() {
  // While the catalog translations load, only the page area waits; the header stays.
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route index element={<ProductListPage />} />
        <Route path=":slug" element={<ProductPage />} />
        <Route path="*" element={<ProductNotFound />} />
      </Routes>
    </Suspense>
  );
}
