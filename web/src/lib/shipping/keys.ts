/** Paths and SWR keys of the shipping calls the checkout and the automatic refills share. */
export const ADDRESSES_PATH = '/v2/account/addresses';
export const SHIPPING_METHODS_PATH = '/v2/checkout/shipping-methods';

export const shippingMethodsKey = (country: string) =>
  `${SHIPPING_METHODS_PATH}?country=${encodeURIComponent(country)}`;
