import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { PROPOSAL_PATH, proposalKey, proposalQuery, type ProposalPreview } from './keys';
import type { Proposal, RefillSource } from './types';

/**
 * `GET /v2/account/clients/subscriptions/proposal?protocol_id=ID` (or `?order_number=N`), with
 * `&lines=variant:quantity,…&interval_days=N` to preview a choice: every line of the source (which ones are
 * chosen), the interval and the next three parcels subscribing would give, the first one today.
 */
export function fetchProposal(source: RefillSource, preview?: ProposalPreview): Promise<Proposal> {
  return apiFetch<Proposal>(PROPOSAL_PATH, { auth: 'required', query: proposalQuery(source, preview) });
}

/**
 * The proposal of a source (`null`: nothing to ask), or of a choice of its lines and interval; while a new
 * choice loads, the last answer stays shown. A refusal (404, 409 unpaid, 422) is not asked again.
 */
export function useProposal(source: RefillSource | null, preview?: ProposalPreview) {
  return useSWR<Proposal, unknown>(
    source ? proposalKey(source, preview) : null,
    () => fetchProposal(source ?? { protocol_id: 0 }, preview),
    {
      shouldRetryOnError: (error) => !(error instanceof ApiError && error.status < 500),
      revalidateOnFocus: false,
      keepPreviousData: true,
    },
  );
}
