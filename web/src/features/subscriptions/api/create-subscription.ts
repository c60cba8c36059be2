import { apiFetch } from '../../../lib/api/http';
import { SUBSCRIPTIONS_PATH } from './keys';
import type { SubscribeBody, Subscription } from './types';

/**
 * `POST /v2/account/clients/subscriptions` with `Idempotency-Key`: the refill, waiting for its first payment
 * (201), or for the same key and body again the one made the first time (200); either with `payment_url`.
 */
export function createSubscription(body: SubscribeBody, idempotencyKey: string): Promise<Subscription> {
  return apiFetch<Subscription>(SUBSCRIPTIONS_PATH, {
    method: 'POST',
    auth: 'required',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
