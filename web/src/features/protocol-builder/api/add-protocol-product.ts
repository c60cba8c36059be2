import { apiFetch } from '../../../lib/api/http';
import { quantityToAdd } from '../state/quantity';
import { protocolProductsPath } from './keys';
import type { ProtocolMessageReply } from './types';

export interface ProductAddInput {
  product_variant_id: number;
  quantity?: number;
  notes?: string | null;
}

/**
 * `POST /v2/account/practitioners/protocols/{protocolId}/products {quantity, product_variant_id, notes}`:
 * the product goes first (or, already there, adds to its count); answers the whole protocol.
 */
export function addProtocolProduct(protocolId: number, input: ProductAddInput): Promise<ProtocolMessageReply> {
  return apiFetch<ProtocolMessageReply>(protocolProductsPath(protocolId), {
    method: 'POST',
    auth: 'required',
    body: {
      quantity: quantityToAdd(input.quantity),
      product_variant_id: input.product_variant_id,
      notes: input.notes ?? null,
    },
  });
}
