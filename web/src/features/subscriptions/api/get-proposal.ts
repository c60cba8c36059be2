import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { PROPOSAL_PATH, proposalKey, sourceQuery } from './keys';
import type { Proposal, RefillSource } from './types';

/**
 * `GET /v2/account/clients/subscriptions/proposal?protocol_id=ID` (or `?order_number=N`): the lines, the
 * default interval and the next three parcels subscribing would give, the first one today.
 */
export function fetchProposal(source: RefillSource): Promise<Proposal> {
  return apiFetch<Proposal>(PROPOSAL_PATH, { auth: 'required', query: sourceQuery(source) });
}

/** The proposal of a source (`null`: nothing to ask); a refusal (404, 409 unpaid, 422) is not asked again. */
export function useProposal(source: RefillSource | null) {
  return useSWR<Proposal, unknown>(source ? proposalKey(source) : null, () => fetchProposal(source ?? { protocol_id: 0 }), {
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status < 500),
    revalidateOnFocus: false,
  });
}
