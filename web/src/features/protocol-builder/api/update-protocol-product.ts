import { apiFetch } from '../../../lib/api/http';
import { quantityToSend } from '../state/quantity';
import { protocolProductsPath } from './keys';
import type { LineUpdateInput, LineUpdateReply } from './types';

/** A quantity, note or schedule left out (or null) stays as it is; a schedule given replaces the whole one. */
export type ProductUpdateInput = LineUpdateInput;

/**
 * `PUT /v2/account/practitioners/protocols/{protocolId}/products {quantity, notes, schedule,
 * product_variant_id}`: answers the line as saved in `data`, with its schedule and the daily dose it gives.
 * A quantity below 1 is sent as 1 (spec: docs/spec-coverage.md#s5-quantity); a schedule that breaks a rule
 * is a 422 naming the field (`schedule.slots.lunch`).
 */
export function updateProtocolProduct(protocolId: number, input: ProductUpdateInput): Promise<LineUpdateReply> {
  return apiFetch<LineUpdateReply>(protocolProductsPath(protocolId), {
    method: 'PUT',
    auth: 'required',
    body: {
      quantity: input.quantity == null ? null : quantityToSend(input.quantity),
      notes: input.notes ?? null,
      schedule: input.schedule ?? null,
      product_variant_id: input.product_variant_id,
    } satisfies LineUpdateInput,
  });
}
