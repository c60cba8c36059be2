import { apiFetch } from '../../../lib/api/http';
import { protocolLinkPath } from './keys';
import type { MessageReply } from './types';

/** `DELETE /v2/account/practitioners/protocols/{protocolId}/link`: the old link stops working. */
export function revokeProtocolLink(protocolId: number): Promise<MessageReply> {
  return apiFetch<MessageReply>(protocolLinkPath(protocolId), { method: 'DELETE', auth: 'required' });
}
