import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { takePrefetched } from '../../../lib/api/prefetch';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/languages';
import type { FilterOptions } from './types';

/** GET /v2/storefront/filters: the options of every group except categories (docs/architecture.md, "HTTP API rules"). */
export function fetchFilterOptions(language: Language): Promise<FilterOptions> {
  return apiFetch<FilterOptions>('/v2/storefront/filters', { auth: 'optional', language });
}

/** Names follow the language, so the language is part of the key (the route loader prefetches under it). */
export function filterOptionsKey(language: Language) {
  return ['storefront/filters', language] as const;
}

export function useFilterOptions() {
  const language = useCurrentLanguage();
  const key = filterOptionsKey(language);
  return useSWR<FilterOptions, unknown>(key, () => takePrefetched(key, () => fetchFilterOptions(language)), {
    revalidateOnFocus: false,
  });
}
