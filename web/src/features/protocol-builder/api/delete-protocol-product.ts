import { apiFetch } from '../../../lib/api/http';
import { protocolProductsPath } from './keys';
import type { ProtocolMessageReply } from './types';

/** `DELETE /v2/account/practitioners/protocols/{protocolId}/products {product_variant_id}`: answers the protocol. */
export function deleteProtocolProduct(protocolId: number, productVariantId: number): Promise<ProtocolMessageReply> {
  return apiFetch<ProtocolMessageReply>(protocolProductsPath(protocolId), {
    method: 'DELETE',
    auth: 'required',
    body: { product_variant_id: productVariantId },
  });
}
