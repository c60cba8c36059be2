import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

import { localeHandlers } from './locale-handlers';

/**
 * Calls every rendered app makes on its own (the session's country lookup, the events socket's ticket):
 * answered neutrally so tests that do not care about them stay quiet; a test overrides them with
 * `server.use(...)` when it does care.
 */
const appHandlers = [
  http.post('*/api/v2/account/geoip', () => HttpResponse.json({ country: null, country_code: null })),
  http.post('*/api/v2/realtime/ticket', () =>
    HttpResponse.json({ message: 'Not in tests.', code: 'service_unavailable', errors: {} }, { status: 503 }),
  ),
];

export const server = setupServer(...localeHandlers, ...appHandlers);
