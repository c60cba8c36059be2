import { useTranslation } from 'react-i18next';

import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { Protocol } from '../api/types';
import { discountRate, formatPercent, totalAfterDiscount } from './protocol-money';

interface ProtocolTotalProps {
  protocol: Protocol;
  /** The share's discount (percent); the link page has none, a stranger never sees a client's discount. */
  discount?: string;
}

/** The protocol's total as the server priced it and, for a share with a discount, the rate and the total with it. */
export function ProtocolTotal({ protocol, discount = '0' }: ProtocolTotalProps) {
  const { t } = useTranslation('client-protocols');
  const language = useCurrentLanguage();
  const money = (amount: string) => formatMoney(amount, protocol.currency);
  const rate = discountRate(discount);
  const discounted = totalAfterDiscount(protocol.total_price, discount);
  return (
    <dl className="protocol-total">
      <div className={discounted === null ? 'protocol-total__row protocol-total__row--strong' : 'protocol-total__row'}>
        <dt>{t('protocol.total')}</dt>
        <dd>{money(protocol.total_price)}</dd>
      </div>
      {discounted !== null && (
        <>
          <div className="protocol-total__row">
            <dt>{t('protocol.discount')}</dt>
            <dd>{formatPercent(rate, language)}</dd>
          </div>
          <div className="protocol-total__row protocol-total__row--strong">
            <dt>{t('protocol.total-after-discount')}</dt>
            <dd>{money(discounted)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
