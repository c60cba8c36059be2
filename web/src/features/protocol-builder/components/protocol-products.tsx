import { useTranslation } from 'react-i18next';

import { formatMoney } from '../../../lib/format/money';
import type { Protocol } from '../api/types';
import { ProductRow } from './product-row';
import { useLineActions } from './use-line-actions';

/** The protocol's product rows and its total; the edits go through the editor in context. */
export function ProtocolProducts({ protocol }: { protocol: Protocol }) {
  const { t } = useTranslation('builder');
  const actions = useLineActions();
  return (
    <>
      {protocol.products.length === 0 ? (
        <p className="builder-message">{t('active.empty')}</p>
      ) : (
        <ul className="line-list builder-rows" aria-label={t('active.products')}>
          {protocol.products.map((product) => (
            <ProductRow
              key={product.product_variant_id}
              protocolId={protocol.protocol_id}
              product={product}
              currency={protocol.currency}
              actions={actions}
            />
          ))}
        </ul>
      )}
      <p className="builder-total">
        <span>{t('active.total')}</span>
        <strong>{formatMoney(protocol.total_price, protocol.currency)}</strong>
      </p>
    </>
  );
}
