import useSWR from 'swr';

import { apiFetch } from '../../../lib/api/http';
import { VOCABULARY_PATH, vocabularyKey } from './keys';
import type { MedicineChoice } from './types';

/** `GET /v2/reference/medicines?query=`: classes and substances whose name (or id) matches, classes first. */
export function searchMedicines(query: string): Promise<MedicineChoice[]> {
  return apiFetch<MedicineChoice[]>(VOCABULARY_PATH, { query: { query } });
}

/** The vocabulary's matches for what the client typed (nothing is asked for an empty box). */
export function useMedicineSearch(query: string) {
  const trimmed = query.trim();
  return useSWR<MedicineChoice[], unknown>(trimmed ? vocabularyKey(trimmed) : null, () => searchMedicines(trimmed), {
    keepPreviousData: true,
  });
}
