import { apiFetch } from '../../../lib/api/http';
import { quantityToSend } from '../state/quantity';
import { protocolProductsPath } from './keys';
import type { LineUpdateInput, LineUpdateReply } from './types';

/** A quantity, note or dose left out (or null) stays as it is. */
export type ProductUpdateInput = LineUpdateInput;

/**
 * `PUT /v2/account/practitioners/protocols/{protocolId}/products {quantity, notes, product_variant_id}`:
 * answers the line as saved in `data`. A quantity below 1 is sent as 1 (spec:
 * docs/spec-coverage.md#s5-quantity).
 */
export function updateProtocolProduct(protocolId: number, input: ProductUpdateInput): Promise<LineUpdateReply> {
  return apiFetch<LineUpdateReply>(protocolProductsPath(protocolId), {
    method: 'PUT',
    auth: 'required',
    body: {
      quantity: input.quantity == null ? null : quantityToSend(input.quantity),
      notes: input.notes ?? null,
      servings_per_day: input.servings_per_day ?? null,
      product_variant_id: input.product_variant_id,
    } satisfies LineUpdateInput,
  });
}
