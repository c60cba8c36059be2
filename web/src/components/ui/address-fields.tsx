import { useTranslation } from 'react-i18next';

import { useCurrentLanguage } from '../../lib/i18n';
import { ADDRESS_FIELDS, REQUIRED_FIELDS, type AddressField } from '../../lib/shipping/address-rules';
import { countryOptions } from '../../lib/shipping/country-names';
import type { AddressErrors, AddressForm, FieldError } from '../../lib/shipping/use-address-form';
import './address-form.css';

type Kind = 'shipping' | 'billing';

const AUTOCOMPLETE: Record<AddressField, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  postcode: 'postal-code',
  country: 'country',
};

export const fieldId = (kind: Kind, field: AddressField) => `checkout-${kind}-${field.replace('_', '-')}`;

/** A field error in the buyer's words (a server message that is not one of the known words shows as it came). */
export function useFieldErrorText() {
  const { t } = useTranslation('checkout');
  return (field: AddressField, error: FieldError): string => {
    if ('message' in error) return error.message;
    switch (error.problem) {
      case 'required':
        return t('errors.required');
      case 'too long':
        return t('errors.too-long');
      case 'not shipped to':
        return t('errors.not-shipped');
      case 'invalid':
        return field === 'postcode' ? t('errors.postcode') : t('errors.invalid');
    }
  };
}

/**
 * The fields of one address, each labelled, its error tied to it with aria-describedby. The country is a
 * select of the countries the caller's store ships to.
 */
export function AddressFields({
  kind,
  form,
  countries,
  errors = form.errors,
}: {
  kind: Kind;
  form: AddressForm;
  countries: readonly string[];
  /** The errors to show, when more than the form's own (the store does not ship to the chosen country). */
  errors?: AddressErrors;
}) {
  const { t } = useTranslation('checkout');
  const language = useCurrentLanguage();
  const errorText = useFieldErrorText();

  const field = (name: AddressField) => {
    const id = fieldId(kind, name);
    const error = errors[name];
    const errorId = `${id}-error`;
    const common = {
      id,
      name: `${kind}-${name}`,
      className: 'checkout-field__input',
      value: form.values[name],
      autoComplete: `${kind} ${AUTOCOMPLETE[name]}`,
      required: REQUIRED_FIELDS.includes(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      onBlur: () => form.blur(name),
    } as const;
    return (
      <div key={name} className={`checkout-field checkout-field--${name}`}>
        <label htmlFor={id} className="checkout-field__label">
          {t(`address.fields.${name}`)}
          {!REQUIRED_FIELDS.includes(name) && <span className="checkout-field__optional"> {t('address.optional')}</span>}
        </label>
        {name === 'country' ? (
          <select {...common} onChange={(event) => form.set(name, event.target.value)}>
            <option value="">{t('address.choose-country')}</option>
            {countryOptions(countries, language).map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        ) : (
          <input {...common} type="text" onChange={(event) => form.set(name, event.target.value)} />
        )}
        {error && (
          <p id={errorId} className="checkout-field__error">
            {errorText(name, error)}
          </p>
        )}
      </div>
    );
  };

  return <div className="checkout-address">{ADDRESS_FIELDS.map(field)}</div>;
}
