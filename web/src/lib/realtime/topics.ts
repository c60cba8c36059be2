/**
 * Every topic of the events socket and the shape of its data, mirroring server/events/topics.py (a test
 * holds the two lists together; docs/api.md "Topics" documents each). An event is a refetch hint, not a
 * copy of the data: a screen reads the change through the API.
 */
export const TOPICS = {
  CART_UPDATED: 'cart.updated',
  WISHLIST_UPDATED: 'wishlist.updated',
  SESSION_LOGGED_OUT: 'session.logged_out',
  USER_SESSIONS_REVOKED: 'user.sessions_revoked',
  PROFILE_UPDATED: 'profile.updated',
  MILESTONES_UPDATED: 'milestones.updated',
  PROTOCOL_CREATED: 'protocol.created',
  PROTOCOL_DUPLICATED: 'protocol.duplicated',
  PROTOCOL_UPDATED: 'protocol.updated',
  PROTOCOL_DELETED: 'protocol.deleted',
  PROTOCOL_SHARED: 'protocol.shared',
  CLIENT_PROTOCOL_DELETED: 'client_protocol.deleted',
  STORE_UPDATED: 'store.updated',
  ORDER_UPDATED: 'order.updated',
  EARNINGS_UPDATED: 'earnings.updated',
  REFILL_DUE: 'refill.due',
  STOCK_UPDATED: 'stock.updated',
  STOCK_ALERTS_UPDATED: 'stock_alerts.updated',
  SUBSCRIPTION_UPDATED: 'subscription.updated',
  ADHERENCE_UPDATED: 'adherence.updated',
  MEDICINES_UPDATED: 'medicines.updated',
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

interface ProtocolRef {
  protocol_id: number;
}

/** The data of each topic, as the server's TypedDicts declare it. */
export interface TopicData {
  'cart.updated': { total_items: number };
  'wishlist.updated': { count: number };
  'session.logged_out': { session_id: string; reason: 'logout' | 'refresh_reuse' };
  'user.sessions_revoked': { reason: 'password_reset' };
  'profile.updated': { user_type_id: number; certificate_status: string };
  'milestones.updated': { milestone_id: number };
  'protocol.created': ProtocolRef;
  'protocol.duplicated': { protocol_id: number; source_id: number };
  'protocol.updated': ProtocolRef;
  'protocol.deleted': ProtocolRef;
  'protocol.shared': { protocol_id: number; practitioner_id: number };
  'client_protocol.deleted': ProtocolRef;
  'store.updated': { store_id: number };
  'order.updated': { number: string; state: string };
  'earnings.updated': { currency: string };
  'refill.due': ProtocolRef;
  /** Sent to every socket without a `seq`: what buyers see of these variants' stock changed. */
  'stock.updated': { product_ids: number[]; product_variant_ids: number[] };
  'stock_alerts.updated': { alert_id: number };
  'subscription.updated': { subscription_id: number; state: string };
  /** A client checked a slot in, or erased their check-ins (`date` null): their devices and the protocol's owner. */
  'adherence.updated': { client_id: number; protocol_id: number | null; date: string | null };
  /** A client changed their medicines: their devices and their practitioners' (interaction warnings). */
  'medicines.updated': { client_id: number };
}

const KNOWN = new Set<string>(Object.values(TOPICS));

export function isTopic(topic: string): topic is Topic {
  return KNOWN.has(topic);
}
