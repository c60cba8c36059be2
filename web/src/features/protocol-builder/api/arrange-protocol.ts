import { apiFetch } from '../../../lib/api/http';
import { arrangePath } from './keys';
import type { ArrangeReply } from './types';

/**
 * `POST /v2/account/practitioners/protocols/{protocolId}/arrange` (docs/api.md, "Medicines, spacing and
 * interaction warnings"): every line with the schedule that keeps the most spacing rules (`moved` when it
 * changed) and the rules no arrangement keeps. Nothing is saved: applying it is the builder's own writes.
 */
export function arrangeProtocol(protocolId: number): Promise<ArrangeReply> {
  return apiFetch<ArrangeReply>(arrangePath(protocolId), { method: 'POST', auth: 'required' });
}
