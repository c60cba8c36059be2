import { ApiError } from '../../../lib/api/http';
import { readOutOfStock, type ShortLine } from '../../../lib/stock/out-of-stock';
import { ADDRESS_FIELDS } from '../../../lib/shipping/address-rules';
import { serverFieldError, type AddressErrors } from '../../../lib/shipping/use-address-form';

/** What the page says after paying did not get as far as the payment page. */
export type CheckoutFailure =
  /** The form's own check found mistakes (shown at the fields). */
  | { kind: 'invalid' }
  /** The server refused the address (422); its errors are shown at the fields. */
  | { kind: 'fields' }
  /** 409: another order of this cart awaits payment, a product cannot be bought, ...; the order it names. */
  | { kind: 'conflict'; message: string; order: string | null }
  /** 409 `out_of_stock`: not enough is left of these lines for the order (each with what is left). */
  | { kind: 'out-of-stock'; lines: ShortLine[] }
  /** 503: the order is saved, the payment provider could not be reached; paying again retries it. */
  | { kind: 'unavailable'; order: string | null }
  /** No shipping method to send with the order. */
  | { kind: 'no-method' }
  | { kind: 'generic' };

export interface ReadFailure {
  failure: CheckoutFailure;
  shipping: AddressErrors;
  billing: AddressErrors;
  /** The server no longer knows the shipping method (ask for the methods again). */
  staleMethod: boolean;
  /** The cart changed under the checkout: empty (422) or a line that cannot be bought (409). */
  staleCart: boolean;
  /** The key was used before with another body: the next attempt needs a new one. */
  newKey: boolean;
}

type ErrorBody = { message?: unknown; errors?: Record<string, unknown> } | null;

const messagesOf = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

/** The order number a reply names (`errors.order: ["PS-..."]`), if any. */
function orderOf(errors: Record<string, unknown>): string | null {
  const named = messagesOf(errors.order)[0];
  return typeof named === 'string' && named ? named : null;
}

function addressErrors(errors: Record<string, unknown>, prefix: 'shipping_address' | 'billing_address'): AddressErrors {
  const result: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const messages = messagesOf(errors[`${prefix}.${field}`]);
    if (messages.length > 0) result[field] = serverFieldError(messages);
  }
  return result;
}

/** A failed `POST /v2/checkout/orders` (docs/api.md, "Refusals of POST /v2/checkout/orders"), read for the page. */
export function readFailure(error: unknown): ReadFailure {
  const read: ReadFailure = {
    failure: { kind: 'generic' },
    shipping: {},
    billing: {},
    staleMethod: false,
    staleCart: false,
    newKey: false,
  };
  if (!(error instanceof ApiError)) return read;
  const body = error.body as ErrorBody;
  const errors = body?.errors && typeof body.errors === 'object' ? body.errors : {};
  const message = error.serverMessage ?? null;

  if (error.status === 422) {
    read.shipping = addressErrors(errors, 'shipping_address');
    read.billing = addressErrors(errors, 'billing_address');
    const country = messagesOf(errors.country);
    if (country.length > 0 && !read.shipping.country) read.shipping.country = serverFieldError(country);
    if (Object.keys(read.shipping).length > 0 || Object.keys(read.billing).length > 0) {
      read.failure = { kind: 'fields' };
    } else if (messagesOf(errors.cart).length > 0) {
      read.staleCart = true;
    }
  } else if (error.status === 404 && messagesOf(errors.shipping_method_id).length > 0) {
    read.staleMethod = true;
    read.failure = { kind: 'no-method' };
  } else if (error.status === 409) {
    read.newKey = messagesOf(errors['Idempotency-Key']).length > 0;
    read.staleCart = Object.keys(errors).some((name) => name.startsWith('lines'));
    const short = readOutOfStock(error);
    if (short) {
      // The cart and the summary are asked again: they show what is left now.
      read.staleCart = true;
      read.failure = { kind: 'out-of-stock', lines: short };
    } else {
      read.failure = message ? { kind: 'conflict', message, order: orderOf(errors) } : { kind: 'generic' };
    }
  } else if (error.status === 503) {
    read.failure = { kind: 'unavailable', order: orderOf(errors) };
  }
  return read;
}
