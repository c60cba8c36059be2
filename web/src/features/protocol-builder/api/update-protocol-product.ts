import { apiFetch } from '../../../lib/api/http';
import { quantityToSend } from '../state/quantity';
import { protocolProductsPath } from './keys';
import type { LineUpdateReply } from './types';

export interface ProductUpdateInput {
  product_variant_id: number;
  /** Left out: the quantity stays as it is. */
  quantity?: number;
  /** Left out: the note stays as it is. */
  notes?: string;
}

/**
 * `PUT /v2/account/practitioners/protocols/{protocolId}/products {quantity, notes, product_variant_id}`:
 * answers the line as saved in `data`. A quantity below 1 is sent as 1 (spec section 5).
 */
export function updateProtocolProduct(protocolId: number, input: ProductUpdateInput): Promise<LineUpdateReply> {
  return apiFetch<LineUpdateReply>(protocolProductsPath(protocolId), {
    method: 'PUT',
    auth: 'required',
    body: {
      quantity: input.quantity === undefined ? null : quantityToSend(input.quantity),
      notes: input.notes ?? null,
      product_variant_id: input.product_variant_id,
    },
  });
}
