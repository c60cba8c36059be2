import { apiFetch } from '../../../lib/api/http';
import { actionPath } from './keys';
import type { SubscriptionAction } from './types';

/** `POST /v2/subscriptions/actions/{token}` (no sign-in): does what the link says, once; answers it done. */
export function doSubscriptionAction(token: string): Promise<SubscriptionAction> {
  return apiFetch<SubscriptionAction>(actionPath(token), { method: 'POST', auth: 'none' });
}
