import { USER_TYPES, type PractitionerProfile } from '../../../lib/session';

/**
 * The account hub's short reading of the onboarding journey (spec:
 * docs/spec-coverage.md#s3-onboarding-milestones): how many of the 14 milestones are reached and what the
 * next step is. The journey itself, with the same rules, is features/onboarding/components/journey.ts;
 * features do not import each other, so the few rules the summary needs are repeated here (moving them to
 * src/lib would let both share one copy).
 */
export const MILESTONE_COUNT = 14;

export type NextStep =
  | 'certificate'
  | 'pending'
  | 'rejected'
  | 'protocol'
  | 'share'
  | 'invite'
  | 'order'
  | 'payout'
  | 'done';

/** Milestone ids in journey order, with what the practitioner does next when it is the first missing one. */
const JOURNEY: readonly (readonly [number, NextStep | null])[] = [
  [1, null],
  [2, 'certificate'],
  [3, 'pending'],
  [6, null], // onboarding call: coming later
  [5, 'protocol'],
  [14, 'share'],
  [10, 'invite'],
  [9, 'order'], // practice management: a client's first order that earns commission
  [7, 'share'],
  [11, 'invite'],
  [8, 'share'],
  [12, 'invite'],
  [13, 'invite'],
  [4, 'payout'], // tier: the first payout
];

const CLIENT_THRESHOLDS: Readonly<Record<number, number>> = { 10: 1, 11: 5, 12: 20, 13: 100 };

function reached(id: number, profile: PractitionerProfile, recorded: ReadonlySet<number>): boolean {
  if (recorded.has(id) || id === 1) return true;
  const status = profile.certificate_status;
  if (id === 2) return ['pending', 'validated', 'rejected'].includes(status) || profile.certificate_uploaded_at !== null;
  if (id === 3) return status === 'validated' || profile.user_type_id === USER_TYPES.CERTIFIED_PRACTITIONER;
  // A client comes only from sharing a protocol: one means a protocol was created (5) and shared (14).
  if (id === 5 || id === 14) return profile.clients_count >= 1;
  const threshold = CLIENT_THRESHOLDS[id];
  return threshold !== undefined && profile.clients_count >= threshold;
}

export interface OnboardingSummary {
  reachedCount: number;
  total: number;
  next: NextStep;
}

export function onboardingSummary(profile: PractitionerProfile): OnboardingSummary {
  const recorded = new Set(profile.milestones.map((milestone) => milestone.id));
  let reachedCount = 0;
  let next: NextStep | null = null;
  for (const [id, action] of JOURNEY) {
    if (reached(id, profile, recorded)) reachedCount += 1;
    else if (next === null && action !== null) next = id === 3 && profile.certificate_status === 'rejected' ? 'rejected' : action;
  }
  return { reachedCount, total: MILESTONE_COUNT, next: next ?? 'done' };
}
