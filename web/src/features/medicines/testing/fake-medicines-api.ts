import { http, HttpResponse } from 'msw';

import type { ClientMedicine, MedicinesBody } from '../api/types';
import { VOCABULARY } from './fixtures';

/**
 * The client's medicines and the vocabulary behind MSW: a `PUT` replaces the list (names from the
 * vocabulary) unless `refuse` says otherwise; every call is recorded. The test passes `handlers` to
 * `server.use`.
 */
export function fakeMedicinesApi(initial: ClientMedicine[]) {
  let list = initial;
  let refusal: { message: string; field: string } | null = null;
  const puts: unknown[] = [];
  const searches: string[] = [];
  const handlers = [
    http.get('*/api/v2/account/clients/medicines', () => HttpResponse.json({ medicines: list })),
    http.put('*/api/v2/account/clients/medicines', async ({ request }) => {
      const body = (await request.json()) as MedicinesBody;
      puts.push(body);
      if (refusal) {
        return HttpResponse.json(
          { message: refusal.message, code: 'validation_error', errors: { [refusal.field]: ['unknown'] } },
          { status: 422 },
        );
      }
      list = body.medicines.map(({ id, slots = [] }) => {
        const known = VOCABULARY.find((choice) => choice.id === id);
        return { id, kind: known?.kind ?? 'substance', name: known?.name ?? id, slots: slots as ClientMedicine['slots'] };
      });
      return HttpResponse.json({ medicines: list });
    }),
    http.get('*/api/v2/reference/medicines', ({ request }) => {
      const query = new URL(request.url).searchParams.get('query') ?? '';
      searches.push(query);
      const needle = query.toLowerCase();
      return HttpResponse.json(VOCABULARY.filter((choice) => choice.name.toLowerCase().includes(needle) || choice.id === needle));
    }),
  ];
  return {
    /** For `server.use(...)`. */
    handlers,
    puts,
    searches,
    /** What another device saved: the next read answers it. */
    set(next: ClientMedicine[]) {
      list = next;
    },
    refuse(next: { message: string; field: string } | null) {
      refusal = next;
    },
  };
}
