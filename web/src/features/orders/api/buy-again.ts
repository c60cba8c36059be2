import { apiFetch } from '../../../lib/api/http';
import { orderPath } from './keys';

/** `POST /v2/account/orders/{number}/buy-again`: the order's products back in the cart; names those left out. */
export function buyAgain(number: string): Promise<{ skipped: string[] }> {
  return apiFetch<{ skipped: string[] }>(`${orderPath(number)}/buy-again`, { method: 'POST', auth: 'required' });
}
