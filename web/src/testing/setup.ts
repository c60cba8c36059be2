import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

import { LANGUAGE_COOKIE } from '../lib/i18n';
import { server } from './msw-server';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  document.cookie = `${LANGUAGE_COOKIE}=; max-age=0; path=/`;
});

// A request still in flight when a file ends (a translation namespace a lazy section asked for) would
// answer after jsdom is torn down, and React's state update then fails on a missing `window`: the last
// test waits for those answers, bounded, before the server closes.
const inFlight = new Set<string>();
server.events.on('request:start', ({ requestId }) => inFlight.add(requestId));
server.events.on('request:end', ({ requestId }) => inFlight.delete(requestId));

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterAll(async () => {
  for (const until = Date.now() + 2000; inFlight.size > 0 && Date.now() < until; ) await tick(10);
  // The answers' bodies are read and handed to i18next after `request:end`.
  await tick(50);
  server.close();
});

beforeEach(() => {
  // jsdom has no layout, so scrolling is not implemented there.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
