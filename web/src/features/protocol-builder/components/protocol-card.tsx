import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatMoney } from '../../../lib/format/money';
import type { Protocol } from '../api/types';
import { ProtocolThumbnails } from './protocol-thumbnails';

interface ProtocolCardProps {
  protocol: Protocol;
  /** The card's buttons (select, duplicate, delete). */
  actions?: ReactNode;
  /** The heading level the card's name takes on its page. */
  headingLevel?: 2 | 3;
}

/**
 * Spec docs/spec-coverage.md#s2-protocol-card-name-product: name, product count, total price, thumbnails and
 * details that expand.
 */
export function ProtocolCard({ protocol, actions, headingLevel = 3 }: ProtocolCardProps) {
  const { t } = useTranslation('builder');
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="builder-card" aria-label={protocol.name}>
      <Heading className="builder-card__name">{protocol.name}</Heading>
      <p className="builder-card__meta">
        <span>{t('card.products', { n: protocol.product_count })}</span>
        <span>{formatMoney(protocol.total_price, protocol.currency)}</span>
      </p>
      <ProtocolThumbnails products={protocol.products} />
      <button
        type="button"
        className="text-button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('card.hide-details') : t('card.show-details')}
      </button>
      <div id={detailsId} hidden={!open} className="builder-card__details">
        {protocol.description && <p>{protocol.description}</p>}
        {protocol.products.length === 0 ? (
          <p>{t('card.no-products')}</p>
        ) : (
          <ul>
            {protocol.products.map((product) => (
              <li key={product.product_variant_id}>
                {t('card.product-line', { n: product.item_count, name: product.name, brand: product.brand.name })}
              </li>
            ))}
          </ul>
        )}
      </div>
      {actions && <div className="builder-actions">{actions}</div>}
    </article>
  );
}
