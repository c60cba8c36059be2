import { ApiError } from '../../../lib/api/http';
import { ADDRESS_FIELDS } from '../../../lib/shipping/address-rules';
import { serverFieldError, type AddressErrors } from '../../../lib/shipping/use-address-form';

/** A refused subscription call, read for the page: the server's message and what it says of the fields. */
export interface Refusal {
  /** The API's own words (4xx), shown as they came; null: say the page's generic sentence. */
  message: string | null;
  /** `shipping_address.*` errors, shown at the address fields. */
  address: AddressErrors;
  /** The Idempotency-Key was used with another body: the next attempt needs a new one. */
  newKey: boolean;
  /** The shipping method is not known any more: ask for the methods again. */
  staleMethod: boolean;
}

const messagesOf = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

export function readRefusal(error: unknown): Refusal {
  const refusal: Refusal = { message: null, address: {}, newKey: false, staleMethod: false };
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) return refusal;
  const body = error.body as { errors?: unknown } | null;
  const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, unknown>) : {};
  refusal.message = error.serverMessage ?? null;
  for (const field of ADDRESS_FIELDS) {
    const messages = messagesOf(errors[`shipping_address.${field}`]);
    if (messages.length > 0) refusal.address[field] = serverFieldError(messages);
  }
  refusal.newKey = messagesOf(errors['Idempotency-Key']).length > 0;
  refusal.staleMethod = messagesOf(errors.shipping_method_id).length > 0;
  return refusal;
}
