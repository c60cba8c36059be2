import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { CONTENT_PROVIDER, templatesPath } from './keys';
import type { ProtocolTemplate } from './types';

/** `GET /v2/providers/{provider}/protocols/templates`: the provider's active templates (builder types only). */
export function fetchTemplates(provider = CONTENT_PROVIDER): Promise<ProtocolTemplate[]> {
  return apiFetch<ProtocolTemplate[]>(templatesPath(provider), { auth: 'required' });
}

/** Templates change only in the admin, so they are not refetched on focus. */
export function useTemplates(enabled = true, provider = CONTENT_PROVIDER) {
  const signedIn = useSignedIn();
  const key = signedIn && enabled ? templatesPath(provider) : null;
  return useSWR<ProtocolTemplate[], unknown>(key, () => fetchTemplates(provider), { revalidateOnFocus: false });
}
