// An axe-core check of the main screens, the protocol builder and the protocol pages (and the orders
// and the checkout) finds no serious or critical violation.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale, openBrowser } from './browser.mjs';
import { api, signIn } from './devices.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const builder = locale('en', 'builder');
const checkout = locale('en', 'checkout');
const practice = locale('en', 'practice');
const earnings = locale('en', 'earnings');

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

  /** `exclude`: CSS selectors of elements left out of the check (each with its reason where it is used). */
  async function seriousViolations(exclude = []) {
    await page.waitForLoadState('networkidle');
    await page.addScriptTag({ path: AXE });
    return page.evaluate(async (excluded) => {
      const context = excluded.length ? { exclude: excluded.map((selector) => [selector]) } : globalThis.document;
      const result = await globalThis.axe.run(context, { resultTypes: ['violations'] });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    }, exclude);
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
    const check = async (label, exclude) =>
      found.push(...(await seriousViolations(exclude)).map((violation) => `${label} ${violation}`));

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

    // The practice hub (docs/decisions/0016-spec-coverage.md), with the clients, protocols and store cards
    // loaded.
    await page.goto(`${BASE_URL}/en/account/practitioner`);
    await page.getByRole('heading', { level: 1, name: practice.title }).waitFor();
    const clients = page.getByRole('region', { name: practice.clients.title });
    await clients.getByRole('listitem').first().waitFor();
    await check('practice hub');

    // The earnings dashboard (docs/decisions/0020-practitioner-earnings.md), with the figures, the chart, its
    // table shown, and the ledger.
    await page.goto(`${BASE_URL}/en/account/practitioner/earnings`);
    await page.getByRole('heading', { level: 1, name: earnings.title }).waitFor();
    await page.getByRole('region', { name: earnings.ledger.title }).getByRole('table').waitFor();
    await page.getByRole('button', { name: earnings.chart['show-table'] }).first().click();
    await check('earnings dashboard');

    const link = await api(page, 'POST', `/v2/account/practitioners/protocols/${protocol.protocol_id}/link`);
    await signIn(page, 'client@demo.shop');
    // The demo client's past orders (seed_demo): the order list and one order's page
    // (docs/decisions/0017-checkout-orders-and-payments.md).
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

    // The checkout (docs/decisions/0019-the-checkout-page.md) with a product in the cart: the form, the
    // methods, the summary, then with the errors of a blurred empty field and a wrong postcode. The client's
    // cart is put back afterwards. With items in the cart the header's cart badge shows its count too (its
    // name contains it).
    const before = await api(page, 'GET', '/v2/storefront/cart');
    const { data: products } = await api(page, 'GET', '/v2/storefront/products?limit=10');
    const product = products.find((candidate) => candidate.is_available) ?? products[0];
    await api(page, 'POST', '/v2/storefront/cart/items', { product_variant_id: product.variants[0].id, quantity: 1 });
    try {
      await page.goto(`${BASE_URL}/en/checkout`);
      await page.getByRole('heading', { level: 1, name: checkout.title }).waitFor();
      await page.getByLabel(checkout.address.fields.country, { exact: true }).selectOption('NL');
      await page.getByRole('list', { name: checkout.summary.lines }).waitFor();
      await page.getByRole('radiogroup', { name: checkout.method.title }).waitFor();
      await check('/en/checkout');
      await page.getByLabel(checkout.address.fields.first_name, { exact: true }).fill('');
      await page.getByLabel(checkout.address.fields.postcode, { exact: true }).fill('1012');
      await page.getByLabel(checkout.address.fields.first_name, { exact: true }).focus();
      await page.getByText(checkout.errors.postcode).waitFor();
      await page.getByLabel(checkout.address.fields.last_name, { exact: true }).focus();
      await page.getByText(checkout.errors.required).waitFor();
      await check('/en/checkout with errors');
    } finally {
      await api(page, 'PUT', '/v2/storefront/cart', {
        items: before.items.map((item) => ({ product_variant_id: item.product_variant_id, quantity: item.quantity })),
      });
    }
    assert.deepEqual(found, []);
  });
});
