/** Paths, SWR keys and socket topics of the practice hub (`/{lang}/account/practitioner`). */
export const CLIENTS_PATH = '/v2/account/practitioners/clients';
export const PROTOCOLS_PATH = '/v2/account/practitioners/protocols';
export const STORE_PATH = '/v2/account/store';

/** The hub shows the newest few of each; the full lists live in the builder and (later) the client pages. */
export const HUB_CLIENTS_LIMIT = 10;
export const HUB_PROTOCOLS_LIMIT = 5;

/** A share adds a client or counts one more protocol for one; the practitioner's own protocol writes. */
export const CLIENT_TOPICS = ['protocol.created', 'protocol.deleted', 'milestones.updated'] as const;
export const PROTOCOL_TOPICS = ['protocol.created', 'protocol.duplicated', 'protocol.updated', 'protocol.deleted'] as const;
export const STORE_TOPICS = ['store.updated'] as const;

/** The orders of the practitioner's clients (no address or payment details). */
export const CLIENT_ORDERS_PATH = '/v2/account/practitioners/orders';
export const HUB_ORDERS_LIMIT = 5;

/**
 * The practitioner's clients' automatic refills (docs/decisions/0042-automatic-refills.md), all but the
 * cancelled ones. `subscription.updated` reaches the practitioner's devices for each of their clients' refills;
 * a substitute set (or a protocol deleted) in the builder changes the sold-out lines' marks.
 */
export const CLIENT_SUBSCRIPTIONS_PATH = '/v2/account/practitioners/subscriptions';
export const CLIENT_SUBSCRIPTION_TOPICS = ['subscription.updated', 'protocol.updated', 'protocol.deleted'] as const;

/**
 * A client's check-ins on the practitioner's own protocols they have (docs/decisions/0043-the-day-schedule.md),
 * over the last 30 days. `adherence.updated` reaches the practitioner for each check-in (and an erase) on
 * their protocols; a 404 means the client has none of them.
 */
export const ADHERENCE_DAYS = 30;
export const ADHERENCE_TOPICS = ['adherence.updated'] as const;
export const clientAdherencePath = (clientId: number) => `${CLIENTS_PATH}/${String(clientId)}/adherence`;
