import { apiFetch } from '../../../lib/api/http';
import { protocolPath } from './keys';
import type { ProtocolInput, ProtocolMessageReply } from './types';

/**
 * `PUT /v2/account/practitioners/protocols/{protocolId}/update {name, description}`: answers the
 * message to show and the protocol as saved. A null description leaves it as it was (server rule).
 */
export function updateProtocol(protocolId: number, input: ProtocolInput): Promise<ProtocolMessageReply> {
  return apiFetch<ProtocolMessageReply>(`${protocolPath(protocolId)}/update`, {
    method: 'PUT',
    auth: 'required',
    body: { name: input.name, description: input.description ?? null },
  });
}
