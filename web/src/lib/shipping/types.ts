import type { Schemas } from '../api/types';

/** A shipping address of one of the buyer's past orders. */
export type SavedAddress = Schemas['AddressOut'];
/** One of the store's shipping methods to a country. */
export type ShippingMethod = Schemas['ShippingMethodOut'];
