import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { CategoryNode } from './types';

/** GET /v2/storefront/categories: the whole category tree. */
export function fetchCategories(): Promise<CategoryNode[]> {
  return apiFetch<CategoryNode[]>('/v2/storefront/categories', { auth: 'optional' });
}

export function useCategories() {
  const language = useCurrentLanguage();
  return useSWR<CategoryNode[], unknown>(['storefront/categories', language], fetchCategories, { revalidateOnFocus: false });
}
