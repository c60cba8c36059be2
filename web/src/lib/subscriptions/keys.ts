/** Paths and socket topics of a client's automatic refills (docs/decisions/0042-automatic-refills.md). */
export const SUBSCRIPTIONS_PATH = '/v2/account/clients/subscriptions';

/**
 * A refill changed on any device or by the run (state, lines, next parcel, a parcel placed, paid or failed),
 * or one of its parcels' orders did (paid on the provider's page).
 */
export const SUBSCRIPTION_TOPICS = ['subscription.updated', 'order.updated'] as const;

export const subscriptionPath = (subscriptionId: number) => `${SUBSCRIPTIONS_PATH}/${String(subscriptionId)}`;
