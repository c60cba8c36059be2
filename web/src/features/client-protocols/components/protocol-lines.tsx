import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { ProductImage } from '../../../components/ui/product-image';
import { StockBadge } from '../../../components/ui/stock-badge';
import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n';
import { variantStock } from '../../../lib/stock/stock';
import type { Protocol, ProtocolProduct } from '../api/types';
import { countedSubstitute } from './counted-substitute';
import { LineSubstitute } from './line-substitute';
import { NotifyMe } from './notify-me';
import { scheduleWords } from './schedule-words';

/**
 * The first asset's thumbnail (spec: docs/spec-coverage.md#s3-protocol-product) that best fills the 96 px
 * box, larger or smaller if missing.
 */
function thumbnailOf(product: ProtocolProduct): string | null {
  const asset = product.assets[0];
  const thumbnails = asset?.thumbnails;
  return thumbnails?.thumbnail_125 || thumbnails?.thumbnail_250 || thumbnails?.thumbnail_75 || asset?.image_url || null;
}

interface ProtocolLineProps {
  product: ProtocolProduct;
  protocolId: number;
  currency: string;
  linkToken?: string;
  onStockChanged: () => void;
}

function ProtocolLine({ product, protocolId, currency, linkToken, onStockChanged }: ProtocolLineProps) {
  const { t } = useTranslation('client-protocols');
  const language = useCurrentLanguage();
  const money = (amount: string) => formatMoney(amount, currency);
  const stock = variantStock(product.variants, product.product_variant_id);
  const counted = countedSubstitute(product);
  return (
    <li className="line-row protocol-line" data-variant-id={product.product_variant_id}>
      <div className="line-row__image">
        <ProductImage src={thumbnailOf(product)} alt={product.assets[0]?.alt_text || product.name} width={96} height={96} loading="lazy" />
      </div>
      <div className="line-row__info">
        <p className="protocol-line__brand">{product.brand.name}</p>
        <LocalizedLink className="line-row__name" to={`/products/${product.slug}`}>
          {product.name}
        </LocalizedLink>
        <p>{t('line.quantity', { quantity: product.item_count })}</p>
        <ul className="protocol-line__day" aria-label={t('schedule.label', { name: product.name })}>
          {scheduleWords(product.schedule, t, language).map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
        {product.notes && <p className="protocol-line__notes">{t('line.notes', { notes: product.notes })}</p>}
        <p>{t('line.unit-price', { price: money(product.price) })}</p>
        {stock && stock.state !== 'in_stock' && (
          <p className="protocol-line__stock">
            <StockBadge stock={stock} />
          </p>
        )}
        {stock?.state === 'sold_out' && (
          <>
            <NotifyMe variantId={product.product_variant_id} name={product.name} onStockChanged={onStockChanged} />
            <LineSubstitute line={product} protocolId={protocolId} currency={currency} linkToken={linkToken} />
          </>
        )}
        {/* Adding the protocol to the cart puts the practitioner's substitute in place of a sold-out line. */}
        {counted ? (
          <p className="protocol-line__unavailable">{t('line.replaced', { substitute: counted.name })}</p>
        ) : (
          !product.is_available && <p className="protocol-line__unavailable">{t('line.unavailable')}</p>
        )}
      </div>
      <p className="line-row__amount" aria-label={t('line.line-total', { name: product.name })}>
        {money(product.line_total)}
      </p>
    </li>
  );
}

interface ProtocolLinesProps {
  protocol: Protocol;
  /** The link page's token, for the substitutes call of a visitor the protocol is not shared with. */
  linkToken?: string;
  /** Reads the protocol again (its page's SWR key): a sold-out line turned out to be in stock. */
  onStockChanged: () => void;
}

/**
 * A protocol's products as read-only rows: thumbnail, brand, name, quantity, the day it is taken (slots,
 * with food, cycle, length, steps), dosage notes, prices, and the
 * stock of each line's variant when it is few, sold out or on back-order; a sold-out one offers a
 * back-in-stock alert and something to take instead.
 */
export function ProtocolLines({ protocol, linkToken, onStockChanged }: ProtocolLinesProps) {
  const { t } = useTranslation('client-protocols');
  if (protocol.products.length === 0) return <p className="protocol-lines__empty">{t('protocol.no-products')}</p>;
  return (
    <ul className="line-list" aria-label={t('protocol.products-label', { name: protocol.name })}>
      {protocol.products.map((product) => (
        <ProtocolLine
          key={product.product_variant_id}
          product={product}
          protocolId={protocol.protocol_id}
          currency={protocol.currency}
          linkToken={linkToken}
          onStockChanged={onStockChanged}
        />
      ))}
    </ul>
  );
}
