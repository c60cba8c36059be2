import { useTranslation } from 'react-i18next';

import { ICON_FAMILIES, Icon } from '../../../components/icons/icon';

/**
 * The payment logos of spec docs/spec-coverage.md#s3-icons-payment-logos from the shared icon registry: the
 * methods the payment page offers (server/payments/providers.py METHODS: cards by American Express,
 * Mastercard and Visa, Apple Pay, Bancontact, Belfius, iDEAL, KBC, Klarna, PayPal). Each logo names its
 * brand.
 */
export function AcceptedMethods() {
  const { t } = useTranslation('checkout');
  return (
    <ul className="checkout-logos" aria-label={t('pay.methods')}>
      {ICON_FAMILIES.payment.map((type) => (
        <li key={type}>
          <Icon type={type} size={24} />
        </li>
      ))}
    </ul>
  );
}
