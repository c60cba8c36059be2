import type { Schemas } from '../../../lib/api/types';

export type { Subscription } from '../../../lib/subscriptions/list-subscriptions';
/** The schedule subscribing would give (docs/decisions/0042-automatic-refills.md, "The calls"). */
export type Proposal = Schemas['ProposalOut'];
export type SubscriptionLine = Schemas['SubscriptionLineOut'];
/** A planned parcel: its date, what it holds and the products' total after discounts. */
export type ParcelPlan = Schemas['ParcelPlanOut'];
/** A parcel of the history: its date, state, order and total. */
export type Parcel = Schemas['ParcelOut'];
export type SubscribeBody = Schemas['SubscribeIn'];
export type SubscriptionChange = Schemas['SubscriptionChangeIn'];
export type LineChange = Schemas['LineChangeIn'];
/** What a one-click link of a notice does, and whether it is done. */
export type SubscriptionAction = Schemas['SubscriptionActionOut'];
export type Address = Schemas['AddressIn'];

/** What a refill is made from: a protocol shared with the client, or one of their paid orders. */
export type RefillSource = { protocol_id: number } | { order_number: string };
