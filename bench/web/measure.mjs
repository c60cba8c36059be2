// Loads a page cold in Chromium (a fresh profile each time) and reports the JavaScript it transferred
// (compressed bytes on the wire) and its Largest Contentful Paint. Usage:
//   node bench/web/measure.mjs <url> <runs>
// Prints one JSON object: {"url", "runs": [{"js_bytes", "js_files", "lcp_ms", "lcp_element", "fcp_ms"}]};
// `lcp_element` names what the LCP was (tag, then the image's path or the first words of the text), so a
// change of the largest element (a picture becoming text) shows in the results.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

const [url, runsArg = '5'] = process.argv.slice(2);
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

async function once() {
  const profile = await mkdtemp(join(tmpdir(), 'shop-bench-web-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script' || response.mimeType.includes('javascript')) scripts.set(requestId, 0);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (scripts.has(requestId)) scripts.set(requestId, encodedDataLength);
    });
    await page.addInitScript(() => {
      window.__lcp = 0;
      window.__lcpElement = '';
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.__lcp = entry.startTime;
          const tag = entry.element?.tagName.toLowerCase() ?? '?';
          const what = entry.url ? new URL(entry.url).pathname : (entry.element?.textContent ?? '').trim().slice(0, 40);
          window.__lcpElement = `${tag} ${what}`;
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // LCP is final at the first input or when the page is hidden; a short settle is enough here.
    await page.waitForTimeout(300);
    const { lcp, element, fcp } = await page.evaluate(() => ({
      lcp: window.__lcp,
      element: window.__lcpElement,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const bytes = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    return {
      js_bytes: bytes,
      js_files: scripts.size,
      lcp_ms: Math.round(lcp),
      lcp_element: element,
      fcp_ms: Math.round(fcp),
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const runs = [];
for (let i = 0; i < Number(runsArg); i += 1) runs.push(await once());
process.stdout.write(`${JSON.stringify({ url, runs })}\n`);
