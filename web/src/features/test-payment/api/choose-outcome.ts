import { apiFetch } from '../../../lib/api/http';
import { testPaymentPath } from './get-test-payment';
import type { TestOutcome, TestPayment } from './types';

/** `POST /v2/payments/test/{id} {outcome, method}`: goes through the same webhook handling as Mollie's. */
export function chooseOutcome(id: string, outcome: TestOutcome, method: string): Promise<TestPayment> {
  return apiFetch<TestPayment>(testPaymentPath(id), { method: 'POST', body: { outcome, method } });
}
