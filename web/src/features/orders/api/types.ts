import type { Schemas } from '../../../lib/api/types';

export type OrderPage = Schemas['OrderPageOut'];
export type OrderListEntry = Schemas['OrderListEntryOut'];
export type Order = Schemas['OrderOut'];
export type OrderLine = Schemas['OrderLineOut'];
export type PaymentLink = Schemas['PaymentLinkOut'];
