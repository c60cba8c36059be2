import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { ProductImage } from '../../../components/ui/product-image';
import { StockBadge } from '../../../components/ui/stock-badge';
import { formatMoney } from '../../../lib/format/money';
import { variantStock } from '../../../lib/stock/stock';
import type { ProtocolProduct } from '../api/types';
import { isPendingProduct } from '../live/merge-protocol';
import { DaySchedule } from './day-schedule';
import { ProductNote } from './product-note';
import { ProductSubstitute } from './product-substitute';
import { ProtocolQuantity } from './protocol-quantity';
import type { LineActions } from './use-line-actions';

/**
 * The 75 px thumbnail of the first asset (spec: docs/spec-coverage.md#s3-protocol-product), larger ones if
 * that is missing.
 */
export function thumbnailSrc(product: ProtocolProduct): string | null {
  const thumbnails = product.assets[0]?.thumbnails;
  return thumbnails?.thumbnail_75 || thumbnails?.thumbnail_125 || thumbnails?.thumbnail_250 || product.assets[0]?.image_url || null;
}

interface ProductRowProps {
  protocolId: number;
  product: ProtocolProduct;
  currency: string;
  actions: LineActions;
}

/**
 * Spec docs/spec-coverage.md#s2-product-row-thumbnail-brand: thumbnail, brand, name, quantity stepper,
 * editable note and line price; the line's variant's stock when it is few, sold out or on back-order; its day
 * (time slots, with food, more timing: docs/decisions/0043-the-day-schedule.md); its substitute for when it
 * is sold out.
 */
export function ProductRow({ protocolId, product, currency, actions }: ProductRowProps) {
  const { t } = useTranslation('builder');
  const id = product.product_variant_id;
  const ignore = () => undefined;
  if (isPendingProduct(product)) return <PendingRow product={product} actions={actions} />;
  return (
    <li className="line-row builder-row" data-variant-id={id}>
      <div className="line-row__image builder-row__image">
        <ProductImage src={thumbnailSrc(product)} alt={product.assets[0]?.alt_text || product.name} width={64} height={64} loading="lazy" />
      </div>
      <div className="line-row__info">
        <p className="builder-row__brand">{product.brand.name}</p>
        <LocalizedLink className="line-row__name" to={`/products/${product.slug}`}>
          {product.name}
        </LocalizedLink>
        <StockBadge stock={variantStock(product.variants, id)} className="builder-row__stock" />
        <ProductNote
          key={product.notes}
          name={product.name}
          notes={product.notes}
          disabled={actions.pending}
          onSave={(notes) => actions.setNotes(id, notes)}
        />
      </div>
      <div className="builder-row__tail">
        <ProtocolQuantity
          key={product.item_count}
          name={product.name}
          quantity={product.item_count}
          disabled={actions.pending}
          onSet={(quantity) => void actions.setQuantity(id, quantity).catch(ignore)}
          onRemove={() => void actions.remove(id).catch(ignore)}
        />
        <p className="line-row__amount" aria-label={t('product.line-price', { name: product.name })}>
          {formatMoney(product.line_total, currency)}
        </p>
        <button
          type="button"
          className="text-button"
          aria-label={t('product.remove-label', { name: product.name })}
          disabled={actions.pending}
          onClick={() => void actions.remove(id).catch(ignore)}
        >
          {t('product.remove')}
        </button>
      </div>
      <DaySchedule
        product={product}
        disabled={actions.pending}
        onChange={(patch) => void actions.setSchedule(id, patch).catch(ignore)}
      />
      <ProductSubstitute protocolId={protocolId} product={product} currency={currency} />
    </li>
  );
}

/**
 * A line added a moment ago (here or on another device) whose product card and price are on their way
 * (live/merge-protocol.ts): it says so, and can already be removed.
 */
function PendingRow({ product, actions }: Pick<ProductRowProps, 'product' | 'actions'>) {
  const { t } = useTranslation('builder');
  const id = product.product_variant_id;
  return (
    <li className="line-row builder-row builder-row--pending" data-variant-id={id} aria-busy="true">
      <div className="line-row__image builder-row__image">
        <ProductImage src={null} alt="" width={64} height={64} />
      </div>
      <div className="line-row__info">
        <p>{t('product.pending', { n: product.item_count })}</p>
      </div>
      <div className="builder-row__tail">
        <button
          type="button"
          className="text-button"
          aria-label={t('product.remove-pending')}
          disabled={actions.pending}
          onClick={() => void actions.remove(id).catch(() => undefined)}
        >
          {t('product.remove')}
        </button>
      </div>
    </li>
  );
}
