import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';
/**
 * Spec docs/spec-coverage.md#s3-reference-lists: the reference lists of the practitioner sign-up, named in
 * the asked language.
 */
export type ReferenceData = Schemas['ReferenceDataOut'];

export function fetchReferenceData(language: string): Promise<ReferenceData> {
  return apiFetch<ReferenceData>('/v2/auth/reference-data', { language });
}

/** GET /v2/auth/reference-data in the page's language (the key holds it, so a switch refetches). */
export function useReferenceData(language: string, enabled = true) {
  return useSWR(enabled ? (['/v2/auth/reference-data', language] as const) : null, ([, lng]) =>
    fetchReferenceData(lng),
  );
}
