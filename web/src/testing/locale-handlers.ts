import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { http, HttpResponse } from 'msw';

/** The repository's real `locales/` folder, served the way the Django server serves it. */
export const LOCALES_DIR = `${resolve(dirname(fileURLToPath(import.meta.url)), '../../../locales')}/`;

const SAFE_SEGMENT = /^[a-z_]+$/i;
// As the server's rule (server/core/views.py): namespaces may have hyphens (`client-protocols`).
const SAFE_NAMESPACE = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const localeHandlers = [
  http.get('*/locales/:lng/:file', async ({ params }) => {
    const lng = String(params.lng);
    const file = String(params.file);
    const ns = file.replace(/\.json$/, '');
    if (!file.endsWith('.json') || !SAFE_SEGMENT.test(lng) || !SAFE_NAMESPACE.test(ns)) {
      return new HttpResponse(null, { status: 404 });
    }
    try {
      const text = await readFile(`${LOCALES_DIR}${lng}/${ns}.json`, 'utf8');
      return new HttpResponse(text, { headers: { 'Content-Type': 'application/json' } });
    } catch {
      return new HttpResponse(null, { status: 404 });
    }
  }),
];
