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

afterAll(() => {
  server.close();
});

beforeEach(() => {
  // jsdom has no layout, so scrolling is not implemented there.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
