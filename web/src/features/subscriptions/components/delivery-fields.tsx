import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AddressFields } from '../../../components/ui/address-fields';
import { SavedAddresses } from '../../../components/ui/saved-addresses';
import { ShippingMethods } from '../../../components/ui/shipping-methods';
import { getLocation, useRegion } from '../../../lib/session';
import { SHIPPING_COUNTRIES, type AddressValues } from '../../../lib/shipping/address-rules';
import { useSavedAddresses } from '../../../lib/shipping/get-saved-addresses';
import { isNotShippedTo, useShippingMethods } from '../../../lib/shipping/get-shipping-methods';
import { useAddressForm, type AddressErrors } from '../../../lib/shipping/use-address-form';

/** The country to start with: the only one, or the visitor's own (the location lookup) when shipped to. */
function startCountry(countries: readonly string[]): string {
  if (countries.length === 1) return countries[0] ?? '';
  const located = getLocation()?.country_code;
  return located && countries.includes(located) ? located : '';
}

/** An address the server keeps (a plain object of strings) as the form's values. */
export function addressValuesOf(address: Record<string, string>): AddressValues {
  return {
    first_name: address.first_name ?? '',
    last_name: address.last_name ?? '',
    line1: address.line1 ?? '',
    line2: address.line2 ?? '',
    city: address.city ?? '',
    postcode: address.postcode ?? '',
    country: address.country ?? '',
  };
}

/**
 * Where a refill goes, as the checkout asks it: the address (a saved one or typed, checked on blur) and
 * the store's shipping methods to its country (the first one chosen until the client picks another).
 * Nothing is asked while not `enabled` (a refill's delivery shown, not being changed).
 */
export function useDelivery(initial?: { address: AddressValues; methodId: number }, enabled = true) {
  const region = useRegion();
  const countries = SHIPPING_COUNTRIES[region];
  const form = useAddressForm(countries, initial ? initial.address : startCountry(countries));
  const [chosenMethod, setChosenMethod] = useState<number | null>(initial?.methodId ?? null);
  const saved = useSavedAddresses(enabled);
  const country = countries.includes(form.values.country) ? form.values.country : null;
  const methods = useShippingMethods(enabled ? country : null);
  const notShipped = isNotShippedTo(methods.error);
  const methodList = country && !notShipped ? (methods.data ?? []) : [];
  const methodId = methodList.some((method) => method.id === chosenMethod) ? chosenMethod : (methodList[0]?.id ?? null);
  const errors: AddressErrors =
    notShipped && !form.errors.country ? { ...form.errors, country: { problem: 'not shipped to' } } : form.errors;
  return {
    form,
    countries,
    errors,
    country,
    notShipped,
    methods,
    methodList,
    methodId,
    setChosenMethod,
    savedAddresses: (saved.data ?? []).filter((address) => countries.includes(address.country)),
  };
}

export type Delivery = ReturnType<typeof useDelivery>;

/** The address fields and the method radios of a refill, under one heading level the page gives. */
export function DeliveryFields({ delivery, methodTitleId }: { delivery: Delivery; methodTitleId: string }) {
  const { t } = useTranslation('subscriptions');
  const { form, countries, errors, country, notShipped, methods, methodList, methodId } = delivery;
  return (
    <>
      <SavedAddresses addresses={delivery.savedAddresses} current={form.values} onChoose={form.fill} />
      <AddressFields kind="shipping" form={form} countries={countries} errors={errors} />
      <h3 id={methodTitleId} className="refill-subtitle">
        {t('delivery.method')}
      </h3>
      {!country || notShipped ? (
        <p className="refill-hint">{t('delivery.choose-country')}</p>
      ) : methods.data ? (
        methodList.length > 0 ? (
          <ShippingMethods
            methods={methodList}
            chosen={methodId}
            onChoose={delivery.setChosenMethod}
            labelledBy={methodTitleId}
          />
        ) : (
          <p className="refill-hint">{t('delivery.none')}</p>
        )
      ) : methods.error ? (
        <div role="alert">
          <p>{t('delivery.failed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void methods.mutate()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <p className="refill-hint" aria-busy="true">
          {t('loading')}
        </p>
      )}
    </>
  );
}
