import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { FilterOptions } from './types';

/** GET /v2/storefront/filters: the options of every group except categories (DESIGN section 5). */
export function fetchFilterOptions(): Promise<FilterOptions> {
  return apiFetch<FilterOptions>('/v2/storefront/filters', { auth: 'optional' });
}

/** Names follow the language, so the language is part of the key. */
export function useFilterOptions() {
  const language = useCurrentLanguage();
  return useSWR<FilterOptions, unknown>(['storefront/filters', language], fetchFilterOptions, { revalidateOnFocus: false });
}
