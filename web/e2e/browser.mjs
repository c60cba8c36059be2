// Shared browser setup for the e2e tests: the system Chromium through playwright-core,
// never a downloaded browser.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
if (!BASE_URL) {
  throw new Error(
    'E2E_BASE_URL is not set. Start the server and run e.g. `E2E_BASE_URL=http://127.0.0.1:8000 npm run e2e -w web`.',
  );
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The real translations, so the tests never repeat a sentence the locale files own. */
export function locale(language, namespace = 'common') {
  const url = new URL(`../../locales/${language}/${namespace}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8'));
}

/**
 * A fresh browser with its own temporary profile (`--user-data-dir`, which Playwright
 * only accepts through a persistent context). Returns the context and a close function.
 */
export async function openBrowser({ locale: browserLocale = 'en-US', bypassCSP = false } = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    locale: browserLocale,
    viewport: { width: 1280, height: 720 },
    // Only the accessibility test injects a script (axe-core), which the site's CSP rightly refuses.
    bypassCSP,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
