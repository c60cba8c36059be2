// Issue 7 item 8 and issue 8: an axe-core check of the main screens, the protocol builder and the
// protocol pages finds no serious or critical violation.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale, openBrowser } from './browser.mjs';
import { api, signIn } from './devices.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const builder = locale('en', 'builder');
const practice = locale('en', 'practice');

async function firstProductSlug() {
  const reply = await fetch(`${BASE_URL}/api/v2/storefront/products?limit=1`);
  const body = await reply.json();
  return body.data[0].slug;
}

describe('accessibility (axe-core)', () => {
  let browser;
  let page;
  const screens = ['/en', '/en/products', '/en/search-results?query=magnesium', '/en/cart', '/en/wishlist',
    '/en/login', '/en/auth/register', '/en/practitioners-information'];

  before(async () => {
    browser = await openBrowser({ bypassCSP: true });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    screens.push(`/en/products/${await firstProductSlug()}`);
  });

  after(async () => {
    await browser?.close();
  });

  async function seriousViolations() {
    await page.waitForLoadState('networkidle');
    await page.addScriptTag({ path: AXE });
    return page.evaluate(async () => {
      const result = await globalThis.axe.run(globalThis.document, { resultTypes: ['violations'] });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    });
  }

  test('no serious or critical violation on the main screens', async () => {
    const found = [];
    for (const screen of screens) {
      await page.goto(`${BASE_URL}${screen}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      found.push(...(await seriousViolations()).map((violation) => `${screen} ${violation}`));
    }
    assert.deepEqual(found, []);
  });

  test('no serious or critical violation with the regional notice open', async () => {
    await page.route('**/api/v2/account/geoip', (route) =>
      route.fulfill({ json: { country: 'United Kingdom', country_code: 'GB' } }),
    );
    await page.goto(`${BASE_URL}/en/products`);
    await page.evaluate(() => globalThis.localStorage.clear());
    await page.reload();
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(await seriousViolations(), []);
  });

  test("no serious or critical violation in the protocol builder, the protocol page and the client's pages", async () => {
    const found = [];
    const check = async (label) => found.push(...(await seriousViolations()).map((violation) => `${label} ${violation}`));

    // Without the previous test's GB visitor (its notice would cover the page).
    await page.unrouteAll();
    await page.evaluate(() => globalThis.localStorage.clear());
    await signIn(page, 'certified@demo.shop');
    const { data } = await api(page, 'GET', '/v2/account/practitioners/protocols');
    const protocol = data[0];
    await page.goto(`${BASE_URL}/en/products`);
    await page.getByRole('button', { name: builder.panel.open }).click();
    const cards = page.getByRole('list', { name: builder.list.title });
    await cards.waitFor();
    await check('builder list');
    await cards.getByRole('button', { name: builder.list['select-label'].replace('{{name}}', protocol.name) }).click();
    await page.getByRole('list', { name: builder.active.products }).waitFor();
    await check('builder active protocol');

    await page.goto(`${BASE_URL}/en/account/practitioner/protocols/${protocol.protocol_id}`);
    await page.getByRole('heading', { level: 1, name: protocol.name }).waitFor();
    await check('protocol page');
    await page.getByRole('button', { name: builder.active.share, exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await check('share drawer');

    // The practice hub (issue 15), with the clients, protocols and store cards loaded.
    await page.goto(`${BASE_URL}/en/account/practitioner`);
    await page.getByRole('heading', { level: 1, name: practice.title }).waitFor();
    const clients = page.getByRole('region', { name: practice.clients.title });
    await clients.getByRole('listitem').first().waitFor();
    await check('practice hub');

    const link = await api(page, 'POST', `/v2/account/practitioners/protocols/${protocol.protocol_id}/link`);
    await signIn(page, 'client@demo.shop');
    // The demo client's past orders (seed_demo): the order list and one order's page (issue 16).
    const orders = await api(page, 'GET', '/v2/account/orders');
    assert.ok(orders.data.length > 0);
    const screens = ['/en/account/client/protocols', `/en${link.link}`, '/en/account/orders',
      `/en/account/orders/${orders.data[0].number}`];
    for (const screen of screens) {
      await page.goto(`${BASE_URL}${screen}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await check(screen.startsWith('/en/protocols/') ? 'link page' : screen);
    }
    assert.deepEqual(found, []);
  });
});
