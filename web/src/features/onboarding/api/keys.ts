/** Paths and socket topics of the onboarding journey (docs/api.md "Topics"). */
export const CERTIFICATE_PATH = '/v2/account/practitioners/certificate';

/**
 * Socket topics after which the signed-in practitioner's profile is stale: an admin validated or
 * rejected the certificate (`profile.updated`, which also turns type 3 into 2 and sharing on), or a
 * new milestone was reached on any device (`milestones.updated`).
 */
export const PROFILE_TOPICS = ['profile.updated', 'milestones.updated'] as const;
