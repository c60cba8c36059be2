import useSWR from 'swr';

import { ApiError, apiFetch } from '../../../lib/api/http';
import type { TestPayment } from './types';

export const testPaymentPath = (id: string) => `/v2/payments/test/${encodeURIComponent(id)}`;

/** `GET /v2/payments/test/{id}`: the embedded test provider's payment (no sign-in, like a provider's page). */
export function fetchTestPayment(id: string): Promise<TestPayment> {
  return apiFetch<TestPayment>(testPaymentPath(id));
}

export function useTestPayment(id: string) {
  return useSWR<TestPayment, unknown>(testPaymentPath(id), () => fetchTestPayment(id), {
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status === 404),
    revalidateOnFocus: false,
  });
}
