import { apiFetch } from '../../../lib/api/http';
import { quantityToAdd } from '../state/quantity';
import { protocolProductsPath } from './keys';
import type { LineAddInput, ProtocolMessageReply } from './types';

/** The call's body with the quantity optional: left out, one more is added. */
export type ProductAddInput = Omit<LineAddInput, 'quantity'> & Partial<Pick<LineAddInput, 'quantity'>>;

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
    } satisfies LineAddInput,
  });
}
