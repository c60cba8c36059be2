import type { Schemas } from '../../../lib/api/types';

export type TestPayment = Schemas['TestPaymentOut'];
export type TestOutcome = Schemas['TestOutcomeIn']['outcome'];
