import type { Schemas } from '../../../lib/api/types';

export type OrderPage = Schemas['OrderPageOut'];
export type Order = Schemas['OrderOut'];
export type PaymentLink = Schemas['PaymentLinkOut'];
