import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { takePrefetched } from '../../../lib/api/prefetch';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/languages';
import type { CategoryNode } from './types';

/** GET /v2/storefront/categories: the whole category tree, its names in `language`. */
export function fetchCategories(language: Language): Promise<CategoryNode[]> {
  return apiFetch<CategoryNode[]>('/v2/storefront/categories', { auth: 'optional', language });
}

/** The SWR key of the tree; the route loader prefetches under the same key. */
export function categoriesKey(language: Language) {
  return ['storefront/categories', language] as const;
}

export function useCategories() {
  const language = useCurrentLanguage();
  const key = categoriesKey(language);
  return useSWR<CategoryNode[], unknown>(key, () => takePrefetched(key, () => fetchCategories(language)), {
    revalidateOnFocus: false,
  });
}
