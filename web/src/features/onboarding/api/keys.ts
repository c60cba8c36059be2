/** Paths of the onboarding journey (docs/api.md). The profile follows its socket topics in lib/session. */
export const CERTIFICATE_PATH = '/v2/account/practitioners/certificate';
