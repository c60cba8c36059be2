import { apiFetch } from '../../../lib/api/http';
import { protocolPath } from './keys';
import type { MessageReply } from './types';

/** `DELETE /v2/account/practitioners/protocols/{protocolId}`. */
export function deleteProtocol(protocolId: number): Promise<MessageReply> {
  return apiFetch<MessageReply>(protocolPath(protocolId), { method: 'DELETE', auth: 'required' });
}
