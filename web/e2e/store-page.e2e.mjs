// The public store page. The demo store (seed_demo: certified@demo.shop runs
// `demo-practice`, every section filled, its "Better sleep" protocol shown) opened signed out: h1, the
// sections in order, the protocol card's link, and no serious or critical axe-core violation; an
// unknown store's screen; and a signed-in visitor's "add all to cart" counting for the store.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale, openBrowser } from './browser.mjs';
import { api, signIn } from './devices.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const texts = locale('en', 'store-page');
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));
const STORE = '/en/store/demo-practice';
// A visitor whose cart no other browser test uses (the cart test is client@'s).
const VISITOR = 'practitioner@demo.shop';

/** The demo store as the API answers it, so the test follows the seed rather than repeating it. */
async function demoStore() {
  const reply = await fetch(`${BASE_URL}/api/v2/storefront/stores/demo-practice`);
  assert.equal(reply.status, 200, 'seed_demo made the store demo-practice');
  return reply.json();
}

/** axe-core's serious and critical violations on the page as it is now (injected: bypassCSP). */
async function seriousViolations(page) {
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await globalThis.axe.run(globalThis.document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

describe('public store page', () => {
  let browser;
  let page;
  const errors = [];

  before(async () => {
    browser = await openBrowser({ bypassCSP: true });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('pageerror', (error) => errors.push(error.message));
  });

  after(async () => {
    await browser?.close();
  });

  test('the demo store signed out: h1, its sections in order, the protocol card, no serious axe violation', async () => {
    const store = await demoStore();
    const response = await page.goto(`${BASE_URL}${STORE}`);
    assert.equal(response.status(), 200);
    await page.getByRole('heading', { level: 1, name: store.header.title }).waitFor();
    assert.equal(await page.title(), store.header.title);

    const sections = await page.getByRole('heading', { level: 2 }).allTextContents();
    assert.deepEqual(sections, [
      store.about.title,
      store.services_header.title,
      texts.packages.title,
      texts.protocols.title,
      store.approach.title,
      texts.contact.title,
      texts.hours.title,
      fill(texts.message.title, { name: store.practitioner.name }),
    ]);
    const banner = page.getByRole('img', { name: fill(texts.header['image-alt'], { name: store.header.title }) });
    await banner.waitFor();
    assert.ok(await banner.evaluate((image) => image.complete && image.naturalWidth > 0), 'the header image loads');
    const services = page.getByRole('region', { name: store.services_header.title }).getByRole('heading', { level: 3 });
    assert.deepEqual(await services.allTextContents(), store.services.map((service) => service.name));
    const hours = page.getByRole('region', { name: texts.hours.title });
    await hours.getByText(fill(texts.hours.timezone, { timezone: store.timezone.replaceAll('_', ' ') })).waitFor();
    assert.equal(await hours.getByText(new RegExp(`^(${texts.hours['open-now']}|${texts.hours['closed-now']})$`)).count(), 1);

    // The shown protocol: a card linking to its link page, and a sign-in prompt that comes back here.
    const [protocol] = store.protocols;
    assert.ok(protocol, 'seed_demo shows a protocol');
    const cards = page.getByRole('region', { name: texts.protocols.title });
    const view = cards.getByRole('link', { name: fill(texts.protocols['view-label'], { name: protocol.name }) });
    assert.equal(await view.getAttribute('href'), `/en/protocols/${protocol.link_token}`);
    assert.equal(
      await cards.getByRole('link', { name: texts.protocols['sign-in'] }).getAttribute('href'),
      `/en/login?next=${encodeURIComponent('/store/demo-practice')}`,
    );
    assert.equal(await cards.getByRole('button').count(), 0);

    assert.deepEqual(await seriousViolations(page), []);
    await page.screenshot({ path: join(tmpdir(), 'e2e-store-page.png'), fullPage: true });

    await view.click();
    await page.getByRole('heading', { level: 1, name: protocol.name }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/en/protocols/${protocol.link_token}`);
  });

  test('every theme keeps the page free of serious axe violations (colour contrast included)', async () => {
    const found = [];
    for (const theme of ['classic', 'fresh', 'warm', 'calm', 'bold']) {
      // The demo store as the server answers it, in another theme.
      await page.route('**/api/v2/storefront/stores/demo-practice', async (route) => {
        const reply = await route.fetch();
        route.fulfill({ response: reply, json: { ...(await reply.json()), theme } });
      });
      await page.goto(`${BASE_URL}${STORE}`);
      await page.locator(`.store-page--${theme}`).waitFor();
      found.push(...(await seriousViolations(page)).map((violation) => `${theme} ${violation}`));
      await page.unrouteAll();
    }
    assert.deepEqual(found, []);
  });

  test('an unknown store shows the not-found screen with a way to the products', async () => {
    const response = await page.goto(`${BASE_URL}/en/store/no-such-store`);
    assert.equal(response.status(), 404);
    await page.getByRole('heading', { level: 1, name: texts['not-found'].title }).waitFor();
    assert.equal(await page.getByRole('link', { name: texts['not-found'].browse }).getAttribute('href'), '/en/products');
  });

  test('a signed-in visitor adds the protocol to the cart and its products count for the store', async () => {
    const store = await demoStore();
    const [protocol] = store.protocols;
    const variants = protocol.products.filter((line) => line.is_available).map((line) => line.product_variant_id);
    await signIn(page, VISITOR);
    await api(page, 'DELETE', '/v2/storefront/cart');
    try {
      await page.goto(`${BASE_URL}${STORE}`);
      const attribution = page.waitForResponse(
        (reply) => reply.url().endsWith('/api/v2/storefront/stores/demo-practice/attribution') && reply.request().method() === 'POST',
      );
      await page.getByRole('button', { name: fill(texts.protocols['add-all-label'], { name: protocol.name }) }).click();
      const reply = await attribution;
      assert.equal(reply.status(), 200);
      assert.deepEqual(reply.request().postDataJSON(), { product_variant_ids: variants });
      assert.equal((await reply.json()).recorded, variants.length);
      await page.getByText(fill(texts.protocols.added, { name: protocol.name })).waitFor();
      const cart = await api(page, 'GET', '/v2/storefront/cart');
      assert.deepEqual(cart.items.map((item) => item.product_variant_id).sort(), [...variants].sort());
    } finally {
      await api(page, 'DELETE', '/v2/storefront/cart');
    }
    assert.deepEqual(errors, []);
  });
});
