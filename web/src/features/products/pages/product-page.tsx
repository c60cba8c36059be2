import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageIntro } from '../../../components/ui/page-intro';
import { PageLoading } from '../../../components/ui/page-loading';
import { ProductImage } from '../../../components/ui/product-image';
import { StockBadge } from '../../../components/ui/stock-badge';
import { ApiError } from '../../../lib/api/http';
import { ProductActionSlot } from '../../../lib/slots/product-action-slot';
import { useCategories } from '../api/categories';
import { useProduct } from '../api/product-detail';
import type { ProductDetail } from '../api/types';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs';
import { categoryPath } from '../components/category-path';
import { LoadError } from '../components/load-error';
import { SupplementFactsSection } from '../components/supplement-facts';
import { ProductActions } from '../components/product-actions';
import { ProductNotFound } from '../components/product-not-found';
import { useFormatPrice } from '../components/use-format-price';

/** `/{lang}/products/{slug}`: the product page, or the not-found screen for an unknown slug. */
export function ProductPage() {
  const { slug = '' } = useParams();
  const { data, error, mutate } = useProduct(slug);
  if (error instanceof ApiError && error.status === 404) return <ProductNotFound />;
  if (error && !data) return <ProductLoadError onRetry={() => void mutate()} />;
  if (!data) return <PageLoading />;
  // Keyed by product: another product starts with its own first image and variant.
  return <ProductView key={data.id} product={data} />;
}

/** Any other failure (network, server): the section's heading stays, with a retry. */
function ProductLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('catalog');
  return (
    <PageIntro title={t('title')}>
      <LoadError onRetry={onRetry} />
    </PageIntro>
  );
}

/** Digits only; empty or below 1 is 1 (spec: docs/spec-coverage.md#s5-quantity, quantities). */
function readQuantity(raw: string): number {
  const digits = raw.replace(/\D/g, '');
  return Math.max(1, Number(digits || '1'));
}

function ProductView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('catalog');
  const formatPrice = useFormatPrice();
  const categories = useCategories();
  const [imageIndex, setImageIndex] = useState(0);
  const firstAvailable =
    product.variants.find((variant) => variant.availability === 1 && variant.stock.state !== 'sold_out') ??
    product.variants[0];
  const [variantId, setVariantId] = useState(firstAvailable?.id);
  const [quantity, setQuantity] = useState('1');

  const variant = product.variants.find((item) => item.id === variantId) ?? firstAvailable;
  const assets = [...product.assets].sort((a, b) => a.asset_order - b.asset_order);
  const image = assets[imageIndex] ?? assets[0];
  const available = variant ? variant.availability === 1 : product.is_available;
  // The chosen variant's stock (the product's best one while there is no variant to choose).
  const stock = variant?.stock ?? product.stock;
  const soldOut = stock.state === 'sold_out';
  const facts = product.supplement_facts.find((item) => item.product_variant_id === variant?.id);

  const crumbs: Crumb[] = [{ label: t('breadcrumbs.products'), to: '/products' }];
  const firstCategory = product.categories[0];
  if (firstCategory) {
    const path = categoryPath(categories.data, firstCategory.id);
    for (const node of path.length > 0 ? path : [firstCategory]) {
      crumbs.push({ label: node.name, to: `/products?categories=${node.id}` });
    }
  }
  crumbs.push({ label: product.name });

  return (
    <article className="product-page">
      <Breadcrumbs items={crumbs} />
      <div className="product-page__layout">
        <div className="product-gallery">
          <ProductImage
            className="product-gallery__main"
            src={image?.image_url}
            alt={image?.alt_text || product.name}
            width={480}
            height={480}
          />
          {assets.length > 1 && (
            <ul className="product-gallery__thumbnails" aria-label={t('product.images')}>
              {assets.map((asset, index) => (
                <li key={asset.asset_id}>
                  <button
                    type="button"
                    aria-label={t('product.show-image', { index: index + 1 })}
                    aria-pressed={index === imageIndex}
                    onClick={() => setImageIndex(index)}
                  >
                    <ProductImage src={asset.thumbnails.thumbnail_75} alt="" width={75} height={75} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="product-page__summary">
          <p className="product-page__brand">{product.brand.name}</p>
          <h1>{product.name}</h1>
          {product.practitioner_only && <p className="product-card__badge">{t('product.practitioner-only')}</p>}
          {variant && <p className="product-page__price">{formatPrice(variant.price, variant.currency)}</p>}
          {/* Listed as unavailable by hand while its stock says nothing of it: the old wording. */}
          {!available && stock.state === 'in_stock' ? (
            <p className="availability availability--out">{t('product.unavailable')}</p>
          ) : (
            <p className="availability">
              <StockBadge stock={stock} showInStock />
            </p>
          )}

          {product.variants.length > 1 && (
            <fieldset className="variant-picker">
              <legend>{t('product.variants')}</legend>
              {product.variants.map((item) => (
                <label key={item.id} className="variant-picker__option">
                  <input
                    type="radio"
                    name="variant"
                    value={item.id}
                    checked={item.id === variant?.id}
                    onChange={() => setVariantId(item.id)}
                  />
                  <span>{item.unit_of_measure}</span>
                  <StockBadge stock={item.stock} className="variant-picker__stock" />
                  <span className="variant-picker__price">{formatPrice(item.price, item.currency)}</span>
                </label>
              ))}
            </fieldset>
          )}
          {product.variants.length === 1 && variant && <p className="product-page__unit">{variant.unit_of_measure}</p>}

          <label className="quantity-field">
            <span>{t('product.quantity')}</span>
            <input
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value.replace(/\D/g, ''))}
              onBlur={() => setQuantity(String(readQuantity(quantity)))}
            />
          </label>

          {variant && (
            <ProductActions
              variantId={variant.id}
              quantity={readQuantity(quantity)}
              available={available && !soldOut}
              soldOut={soldOut}
            />
          )}

          {/* The protocol builder's "add to protocol", filled in by the app (features do not import each other). */}
          {variant && (
            <div className="product-page__protocol-builder">
              <ProductActionSlot variantId={variant.id} quantity={readQuantity(quantity)} />
            </div>
          )}
        </div>
      </div>

      {product.description && (
        <section className="product-page__section">
          <h2>{t('product.description')}</h2>
          <p>{product.description}</p>
        </section>
      )}
      {product.ingredients && (
        <section className="product-page__section">
          <h2>{t('product.ingredients')}</h2>
          <p>{product.ingredients}</p>
        </section>
      )}
      {facts && <SupplementFactsSection facts={facts} />}
    </article>
  );
}
