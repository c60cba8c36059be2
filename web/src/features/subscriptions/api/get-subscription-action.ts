import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import { actionPath } from './keys';
import type { SubscriptionAction } from './types';

/** `GET /v2/subscriptions/actions/{token}` (no sign-in): what a notice's link does; reading it changes nothing. */
export function fetchSubscriptionAction(token: string): Promise<SubscriptionAction> {
  return apiFetch<SubscriptionAction>(actionPath(token), { auth: 'none' });
}

/** A link that is not valid (any more) is a 404, which asking again will not change. */
export function useSubscriptionAction(token: string) {
  return useSWR<SubscriptionAction, unknown>(token ? actionPath(token) : null, () => fetchSubscriptionAction(token), {
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status === 404),
    revalidateOnFocus: false,
  });
}
