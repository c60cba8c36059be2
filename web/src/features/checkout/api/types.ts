import type { Schemas } from '../../../lib/api/types';

export type CheckoutCart = Schemas['CartOut'];
export type Summary = Schemas['SummaryOut'];
export type PlaceOrderBody = Schemas['PlaceOrderIn'];
export type PlacedOrder = Schemas['PlacedOut'];
