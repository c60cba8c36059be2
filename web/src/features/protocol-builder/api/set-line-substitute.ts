import { apiFetch } from '../../../lib/api/http';
import { lineSubstitutePath } from './keys';
import type { ProtocolMessageReply, SubstituteInput } from './types';

/**
 * `PUT /v2/account/practitioners/protocols/{protocolId}/products/{variantId}/substitute
 * {substitute_variant_id}`: sets the line's substitute, null clears it; answers the protocol. A variant of
 * the line's own product, or an unknown one, is a 422 with the server's message.
 */
export function setLineSubstitute(
  protocolId: number,
  variantId: number,
  substituteVariantId: number | null,
): Promise<ProtocolMessageReply> {
  return apiFetch<ProtocolMessageReply>(lineSubstitutePath(protocolId, variantId), {
    method: 'PUT',
    auth: 'required',
    body: { substitute_variant_id: substituteVariantId } satisfies SubstituteInput,
  });
}
