import type { PractitionerProfile } from '../../../lib/session';
import { USER_TYPES } from '../../../lib/session';

/** Spec docs/spec-coverage.md#s3-onboarding-milestones: the onboarding milestones and their numeric ids. */
export const MILESTONES = {
  RegistrationComplete: 1,
  CertificateUploaded: 2,
  CertificateValidated: 3,
  TierID: 4,
  ProtocolCreated: 5,
  OnboardingCallScheduled: 6,
  FifthProtocolShared: 7,
  TenthProtocolShared: 8,
  ManageMyPracticeActivated: 9,
  FirstClientInvited: 10,
  FifthClientInvited: 11,
  TwentiethClientInvited: 12,
  HundredthClientInvited: 13,
  FirstProtocolShared: 14,
} as const;

export type MilestoneName = keyof typeof MILESTONES;
export type Phase = 'verify' | 'start' | 'grow';

/**
 * What the practitioner does to reach a milestone; `later` when the product cannot reach it yet. `order` is
 * reached when a client's order first earns commission, `payout` with the first payout
 * (docs/decisions/0020-practitioner-earnings.md).
 */
export type MilestoneAction =
  | 'none'
  | 'certificate'
  | 'validation'
  | 'protocol'
  | 'share'
  | 'invite'
  | 'order'
  | 'payout'
  | 'later';

interface MilestoneDefinition {
  name: MilestoneName;
  phase: Phase;
  action: MilestoneAction;
}

/**
 * The journey in the order a practitioner lives it: get verified, start working with clients, grow.
 * Practice management opens with the first order that earns commission, the tier is set by the first
 * payout; the onboarding call has no screen or call in the product yet: it is listed as coming later,
 * never offered as a next step.
 */
export const JOURNEY: readonly MilestoneDefinition[] = [
  { name: 'RegistrationComplete', phase: 'verify', action: 'none' },
  { name: 'CertificateUploaded', phase: 'verify', action: 'certificate' },
  { name: 'CertificateValidated', phase: 'verify', action: 'validation' },
  { name: 'OnboardingCallScheduled', phase: 'start', action: 'later' },
  { name: 'ProtocolCreated', phase: 'start', action: 'protocol' },
  { name: 'FirstProtocolShared', phase: 'start', action: 'share' },
  { name: 'FirstClientInvited', phase: 'start', action: 'invite' },
  { name: 'ManageMyPracticeActivated', phase: 'start', action: 'order' },
  { name: 'FifthProtocolShared', phase: 'grow', action: 'share' },
  { name: 'FifthClientInvited', phase: 'grow', action: 'invite' },
  { name: 'TenthProtocolShared', phase: 'grow', action: 'share' },
  { name: 'TwentiethClientInvited', phase: 'grow', action: 'invite' },
  { name: 'HundredthClientInvited', phase: 'grow', action: 'invite' },
  { name: 'TierID', phase: 'grow', action: 'payout' },
];

export const PHASES: readonly Phase[] = ['verify', 'start', 'grow'];

export type CertificateStatus = 'none' | 'pending' | 'validated' | 'rejected';

export interface JourneyStep {
  name: MilestoneName;
  id: number;
  phase: Phase;
  action: MilestoneAction;
  reached: boolean;
  /** When the server recorded it (ISO); null when reached without a record, or not reached. */
  reachedAt: string | null;
  /** The first unreached step the practitioner can act on (or wait for). */
  next: boolean;
}

export interface Journey {
  steps: JourneyStep[];
  reachedCount: number;
  total: number;
  next: JourneyStep | null;
  certificate: CertificateStatus;
}

export function certificateStatusOf(profile: Pick<PractitionerProfile, 'certificate_status'>): CertificateStatus {
  const status = profile.certificate_status;
  return status === 'pending' || status === 'validated' || status === 'rejected' ? status : 'none';
}

const CLIENT_THRESHOLDS: Partial<Record<MilestoneName, number>> = {
  FirstClientInvited: 1,
  FifthClientInvited: 5,
  TwentiethClientInvited: 20,
  HundredthClientInvited: 100,
};

/**
 * What the profile itself shows, for accounts whose milestones were never recorded (made before the
 * milestones existed, or by the demo seed): a signed-in practitioner has registered; a certificate
 * status says it was uploaded or validated; the server counts invited clients as `clients_count`, and
 * a practitioner gets a client only by sharing a protocol with them, so one client means a protocol
 * was created and shared.
 */
function impliedByProfile(name: MilestoneName, profile: PractitionerProfile, certificate: CertificateStatus): boolean {
  if (name === 'RegistrationComplete') return true;
  if (name === 'CertificateUploaded') return certificate !== 'none' || profile.certificate_uploaded_at !== null;
  if (name === 'CertificateValidated') {
    return certificate === 'validated' || profile.user_type_id === USER_TYPES.CERTIFIED_PRACTITIONER;
  }
  if (name === 'ProtocolCreated' || name === 'FirstProtocolShared') return profile.clients_count >= 1;
  const threshold = CLIENT_THRESHOLDS[name];
  return threshold !== undefined && profile.clients_count >= threshold;
}

/** The practitioner's journey from the profile: each milestone reached or not, and what comes next. */
export function journeyOf(profile: PractitionerProfile): Journey {
  const recorded = new Map(profile.milestones.map((milestone) => [milestone.id, milestone.reached_at]));
  const certificate = certificateStatusOf(profile);
  let next: JourneyStep | null = null;
  const steps = JOURNEY.map((definition): JourneyStep => {
    const id = MILESTONES[definition.name];
    const reachedAt = recorded.get(id) ?? null;
    const reached = reachedAt !== null || impliedByProfile(definition.name, profile, certificate);
    // The upload's own date stands in for a milestone the server never recorded.
    const date = definition.name === 'CertificateUploaded' ? (reachedAt ?? profile.certificate_uploaded_at) : reachedAt;
    return { ...definition, id, reached, reachedAt: reached ? date : null, next: false };
  });
  for (const step of steps) {
    if (!step.reached && step.action !== 'later') {
      step.next = true;
      next = step;
      break;
    }
  }
  return {
    steps,
    reachedCount: steps.filter((step) => step.reached).length,
    total: steps.length,
    next,
    certificate,
  };
}
