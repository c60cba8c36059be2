import { apiFetch } from '../../../lib/api/http';
import { clientProtocolPath } from './keys';
import type { MessageReply } from './types';

/**
 * `DELETE /v2/account/clients/protocols/{id}`: hides a shared protocol from the caller's list; the
 * reply's message is shown. The spec gives this path without `v2`; the server answers both, and the
 * v2 one keeps every call of the app under one prefix.
 */
export function deleteClientProtocol(protocolId: number): Promise<MessageReply> {
  return apiFetch<MessageReply>(clientProtocolPath(protocolId), { method: 'DELETE', auth: 'required' });
}
