import { SUBSCRIPTIONS_PATH } from '../../../lib/subscriptions/keys';
import type { RefillSource } from './types';

export { SUBSCRIPTION_TOPICS, SUBSCRIPTIONS_PATH, subscriptionPath } from '../../../lib/subscriptions/keys';

export const PROPOSAL_PATH = `${SUBSCRIPTIONS_PATH}/proposal`;
export const ACTIONS_PATH = '/v2/subscriptions/actions';

/** The query of a source (`protocol_id=7` or `order_number=PS-…`). */
export function sourceQuery(source: RefillSource): Record<string, string> {
  return 'protocol_id' in source ? { protocol_id: String(source.protocol_id) } : { order_number: source.order_number };
}

/** A choice to preview: the chosen lines as `variant:quantity,…` and the client's own interval. */
export interface ProposalPreview {
  lines?: string;
  interval_days?: number;
}

/** The proposal's query: the source, and the previewed choice when there is one. */
export function proposalQuery(source: RefillSource, preview: ProposalPreview = {}): Record<string, string> {
  return {
    ...sourceQuery(source),
    ...(preview.lines ? { lines: preview.lines } : {}),
    ...(preview.interval_days === undefined ? {} : { interval_days: String(preview.interval_days) }),
  };
}

export const proposalKey = (source: RefillSource, preview?: ProposalPreview) =>
  `${PROPOSAL_PATH}?${new URLSearchParams(proposalQuery(source, preview)).toString()}`;
export const actionPath = (token: string) => `${ACTIONS_PATH}/${encodeURIComponent(token)}`;
