import { apiFetch } from '../../../lib/api/http';
import { orderPath } from './keys';
import type { PaymentLink } from './types';

/** `GET /v2/account/orders/{number}/payment`: where to pay an order still awaiting payment. */
export function getPaymentLink(number: string): Promise<PaymentLink> {
  return apiFetch<PaymentLink>(`${orderPath(number)}/payment`, { auth: 'required' });
}
