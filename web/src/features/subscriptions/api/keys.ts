import { SUBSCRIPTIONS_PATH } from '../../../lib/subscriptions/keys';
import type { RefillSource } from './types';

export { SUBSCRIPTION_TOPICS, SUBSCRIPTIONS_PATH, subscriptionPath } from '../../../lib/subscriptions/keys';

export const PROPOSAL_PATH = `${SUBSCRIPTIONS_PATH}/proposal`;
export const ACTIONS_PATH = '/v2/subscriptions/actions';

/** The query of a source (`protocol_id=7` or `order_number=PS-…`). */
export function sourceQuery(source: RefillSource): Record<string, string> {
  return 'protocol_id' in source ? { protocol_id: String(source.protocol_id) } : { order_number: source.order_number };
}

export const proposalKey = (source: RefillSource) => `${PROPOSAL_PATH}?${new URLSearchParams(sourceQuery(source)).toString()}`;
export const actionPath = (token: string) => `${ACTIONS_PATH}/${encodeURIComponent(token)}`;
