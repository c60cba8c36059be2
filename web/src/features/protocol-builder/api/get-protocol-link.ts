import { apiFetch } from '../../../lib/api/http';
import { protocolLinkPath } from './keys';
import type { LinkReply } from './types';

/**
 * `POST /v2/account/practitioners/protocols/{protocolId}/link`: the protocol's link token, made on the
 * first call and the same until revoked. Sharing types only (1 and 2); others get a 403. A new link to a
 * protocol at or over an upper intake level needs the practitioner's reason (docs/api.md).
 */
export function getProtocolLink(protocolId: number, limitReason: string | null = null): Promise<LinkReply> {
  return apiFetch<LinkReply>(protocolLinkPath(protocolId), {
    method: 'POST',
    auth: 'required',
    body: { limit_reason: limitReason },
  });
}

/** The link page's path in a language (the server answers it without the language prefix). */
export function protocolLinkUrl(origin: string, language: string, linkToken: string): string {
  return `${origin}/${language}/protocols/${encodeURIComponent(linkToken)}`;
}
