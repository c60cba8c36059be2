import { useTranslation } from 'react-i18next';

import { useCurrentLanguage } from '../../lib/i18n';
import type { SavedAddress } from '../../lib/shipping/types';
import { ADDRESS_FIELDS, type AddressValues } from '../../lib/shipping/address-rules';
import { countryName } from '../../lib/shipping/country-names';
import './address-form.css';

const sameAddress = (a: AddressValues, b: AddressValues) => ADDRESS_FIELDS.every((field) => a[field] === b[field]);

/**
 * The shipping addresses of the buyer's past orders (those the store ships to) as choices: picking one
 * fills the form, which stays editable.
 */
export function SavedAddresses({
  addresses,
  current,
  onChoose,
}: {
  addresses: readonly SavedAddress[];
  current: AddressValues;
  onChoose: (address: AddressValues) => void;
}) {
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  if (addresses.length === 0) return null;
  return (
    <div className="checkout-saved">
      <h3 id="checkout-saved-title">{t('saved.title')}</h3>
      <p id="checkout-saved-help" className="checkout-saved__help">
        {t('saved.help')}
      </p>
      <ul className="checkout-saved__list" aria-labelledby="checkout-saved-title" aria-describedby="checkout-saved-help">
        {addresses.map((address) => {
          const text = t('saved.address', {
            name: `${address.first_name} ${address.last_name}`.trim(),
            street: [address.line1, address.line2].filter(Boolean).join(', '),
            postcode: address.postcode,
            city: address.city,
            country: countryName(address.country, language),
          });
          return (
            <li key={ADDRESS_FIELDS.map((field) => address[field]).join('|')}>
              <button
                type="button"
                className="checkout-saved__choice"
                aria-pressed={sameAddress(address, current)}
                onClick={() => onChoose(address)}
              >
                {text}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
