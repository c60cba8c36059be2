import { useTranslation } from 'react-i18next';

import { formatMoney } from '../../lib/format/money';
import type { ShippingMethod } from '../../lib/shipping/types';
import './address-form.css';

/** The store's shipping methods to the chosen country as radios: name, price, and from when it is free. */
export function ShippingMethods({
  methods,
  chosen,
  onChoose,
  labelledBy,
}: {
  methods: readonly ShippingMethod[];
  chosen: number | null;
  onChoose: (id: number) => void;
  labelledBy: string;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div className="checkout-methods" role="radiogroup" aria-labelledby={labelledBy}>
      {methods.map((method) => (
        <label key={method.id} className="checkout-method">
          <input
            type="radio"
            name="shipping-method"
            value={String(method.id)}
            checked={chosen === method.id}
            onChange={() => onChoose(method.id)}
          />
          <span className="checkout-method__name">{method.name}</span>
          <span className="checkout-method__price">
            {Number.parseFloat(method.price) > 0 ? formatMoney(method.price, method.currency) : t('summary.free')}
          </span>
          {method.free_over !== null && (
            <span className="checkout-method__free">
              {t('method.free-over', { amount: formatMoney(method.free_over, method.currency) })}
            </span>
          )}
        </label>
      ))}
    </div>
  );
}
