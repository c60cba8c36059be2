import { apiFetch } from '../../../lib/api/http';
import { PROTOCOLS_PATH } from './keys';
import type { DuplicateReply } from './types';

/** `POST /v2/account/practitioners/protocols/duplicate {protocol_id}`: the copy's id and the copy (201). */
export function duplicateProtocol(protocolId: number): Promise<DuplicateReply> {
  return apiFetch<DuplicateReply>(`${PROTOCOLS_PATH}/duplicate`, {
    method: 'POST',
    auth: 'required',
    body: { protocol_id: protocolId },
  });
}
