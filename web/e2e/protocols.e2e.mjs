// The protocol builder live (docs/decisions/0011-protocol-co-editing-yjs.md): one practitioner on two devices
// co-editing a protocol over its Yjs room, a share reaching the client's open page within a second, and the
// shareable link signed out.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale, openBrowser } from './browser.mjs';
import { api, LIVE_MS, openDevice, openLive, signIn } from './devices.mjs';

const builder = locale('en', 'builder');
const clientTexts = locale('en', 'client-protocols');
const nutrition = locale('en', 'nutrition');
const PRACTITIONER = 'certified@demo.shop';
const CLIENT = 'client@demo.shop';
const SHARE_MS = 1_000; // the client's open page shows a share within a second
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

/** A new protocol of the device's user with the first two available demo products, by the API. */
async function newProtocol(page, name) {
  const list = await api(page, 'GET', '/v2/storefront/products?limit=26');
  const variants = list.data.filter((product) => product.is_available).slice(0, 2).map((product) => product.variants[0].id);
  assert.equal(variants.length, 2);
  const protocol = await api(page, 'POST', '/v2/account/practitioners/protocols/create', {
    name,
    description: 'Made by the browser tests.',
  });
  const id = protocol.protocol_id ?? protocol.id;
  for (const variantId of variants) {
    await api(page, 'POST', `/v2/account/practitioners/protocols/${id}/products`, {
      product_variant_id: variantId,
      quantity: 1,
    });
  }
  const full = await api(page, 'GET', `/v2/account/practitioners/protocols/${id}`);
  return { id, names: full.products.map((line) => line.name), variants };
}

const quantityBox = (page, name) => page.getByRole('textbox', { name: fill(builder.product.quantity, { name }) });

async function quantityIs(page, name, value) {
  const box = quantityBox(page, name);
  await box.waitFor({ timeout: LIVE_MS });
  await page.waitForFunction(([input, want]) => input.value === want, [await box.elementHandle(), String(value)], {
    timeout: LIVE_MS,
  });
}

describe('protocol builder, live', () => {
  let a;
  let b;

  before(async () => {
    [a, b] = await Promise.all([openDevice(), openDevice()]);
    await signIn(a.page, PRACTITIONER);
    await signIn(b.page, PRACTITIONER);
  });

  after(async () => {
    await a?.browser.close();
    await b?.browser.close();
  });

  test('one practitioner on two devices edits one protocol at once, and both see both edits', async () => {
    const { id, names } = await newProtocol(a.page, `Two devices ${Date.now()}`);
    const [first, second] = names;
    const path = `${BASE_URL}/en/account/practitioner/protocols/${id}`;
    await Promise.all([a.page.goto(path), b.page.goto(path)]);
    await quantityIs(a.page, first, 1);
    await quantityIs(b.page, first, 1);
    // Presence: each device is live and sees the other editing.
    for (const device of [a, b]) {
      await device.page.getByText(builder.connection.live).waitFor({ timeout: LIVE_MS });
      await device.page.getByRole('list', { name: builder.presence.label }).getByText('Clara').first().waitFor({ timeout: LIVE_MS });
    }
    await b.page.evaluate(() => {
      globalThis.__protocolE2eDocument = true;
    });

    // At once: A raises the first line, B the second, and B writes a note on the first.
    await Promise.all([
      a.page.getByRole('button', { name: fill(builder.product.increase, { name: first }) }).click(),
      b.page.getByRole('button', { name: fill(builder.product.increase, { name: second }) }).click(),
    ]);
    await b.page.getByRole('button', { name: builder.product['add-note'] }).first().click();
    await b.page.getByRole('textbox', { name: fill(builder.product['note-label'], { name: first }) }).fill('Two with lunch');
    await b.page.getByRole('button', { name: builder.ui.save }).click();

    for (const device of [a, b]) {
      await quantityIs(device.page, first, 2);
      await quantityIs(device.page, second, 2);
      await device.page.getByText('Two with lunch').waitFor({ timeout: LIVE_MS });
    }
    assert.equal(await b.page.evaluate(() => globalThis.__protocolE2eDocument === true), true, 'B reloaded');

    // The relational protocol follows the document (projected within 3 s).
    const deadline = Date.now() + LIVE_MS;
    let rows;
    for (;;) {
      const protocol = await api(a.page, 'GET', `/v2/account/practitioners/protocols/${id}`);
      rows = protocol.products.map((line) => [line.name, line.item_count, line.notes]);
      const done = rows.every(([, count]) => count === 2) && rows.some(([, , notes]) => notes === 'Two with lunch');
      if (done || Date.now() > deadline) break;
      await a.page.waitForTimeout(200);
    }
    assert.deepEqual(
      rows.sort(),
      [
        [first, 2, 'Two with lunch'],
        [second, 2, ''],
      ].sort(),
    );
    await b.page.screenshot({ path: join(tmpdir(), 'e2e-protocol-two-devices.png') });
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });

  test("a dose changed on one device moves the other's daily totals panel", async () => {
    // A demo product with vitamin D in its supplement facts (the demo catalogue has them from the labels).
    const found = await api(a.page, 'POST', '/v2/storefront/search?query=vitamin%20d3', {});
    let chosen = null;
    for (const hit of found.hits.filter((product) => product.is_available)) {
      const detail = await api(a.page, 'GET', `/v2/storefront/products/${hit.slug}`);
      const facts = detail.supplement_facts.find((item) => item.nutrients.some((row) => row.nutrient === 'vitamin_d'));
      if (facts) {
        const perServing = facts.nutrients.find((row) => row.nutrient === 'vitamin_d').per_serving;
        chosen = { name: detail.name, variantId: facts.product_variant_id, perServing };
        break;
      }
    }
    assert.ok(chosen, 'a demo product with vitamin D facts');
    const created = await api(a.page, 'POST', '/v2/account/practitioners/protocols/create', {
      name: `Doses ${Date.now()}`,
      description: 'Made by the browser tests.',
    });
    const id = created.protocol_id ?? created.id;
    await api(a.page, 'POST', `/v2/account/practitioners/protocols/${id}/products`, {
      product_variant_id: chosen.variantId,
      quantity: 1,
      schedule: { slots: { breakfast: 1 } },
    });
    const path = `${BASE_URL}/en/account/practitioner/protocols/${id}`;
    await Promise.all([a.page.goto(path), b.page.goto(path)]);
    for (const device of [a, b]) await device.page.getByText(builder.connection.live).waitFor({ timeout: LIVE_MS });
    const vitaminD = (page) =>
      page.getByRole('region', { name: nutrition.title }).getByRole('row', { name: /Vitamin D/ });
    const amount = (value) => `${new Intl.NumberFormat('en', { maximumFractionDigits: 3 }).format(value)} µg`;
    await vitaminD(b.page).getByText(amount(chosen.perServing), { exact: false }).first().waitFor({ timeout: LIVE_MS });

    const started = Date.now();
    // The + of the product's Breakfast cell in the day grid: 1 becomes 1.25 servings, the line's new dose.
    const breakfast = builder.schedule.slots.breakfast;
    await a.page.getByRole('button', { name: fill(builder.schedule['cell-increase'], { name: chosen.name, slot: breakfast }) }).click();
    await vitaminD(b.page).getByText(amount(chosen.perServing * 1.25), { exact: false }).first().waitFor({ timeout: LIVE_MS });
    const crossed = Date.now() - started;
    assert.ok(crossed < LIVE_MS, `the other device's panel moved in ${crossed} ms`);

    // The relational line follows the document, so REST readers and the client see the same dose.
    const deadline = Date.now() + LIVE_MS;
    let dose;
    for (;;) {
      const protocol = await api(a.page, 'GET', `/v2/account/practitioners/protocols/${id}`);
      dose = protocol.products[0].servings_per_day;
      if (dose === 1.25 || Date.now() > deadline) break;
      await a.page.waitForTimeout(200);
    }
    assert.equal(dose, 1.25);
    await b.page.screenshot({ path: join(tmpdir(), 'e2e-daily-totals-two-devices.png') });
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });

  test('a device whose connection drops mid-edit shows offline, keeps its edits, and converges when back', async () => {
    const { id, names } = await newProtocol(a.page, `Dropped ${Date.now()}`);
    const [first, second] = names;
    // A's document sockets go through a route the test can cut, as a network drop would: the page's
    // socket ends, and while "down" every new attempt is ended at once too.
    const open = [];
    let down = false;
    await a.page.routeWebSocket(/\/ws\/protocols\//, (socket) => {
      if (down) {
        socket.close();
        return;
      }
      socket.connectToServer();
      open.push(socket);
    });
    const path = `${BASE_URL}/en/account/practitioner/protocols/${id}`;
    await Promise.all([a.page.goto(path), b.page.goto(path)]);
    for (const device of [a, b]) {
      await device.page.getByText(builder.connection.live).waitFor({ timeout: LIVE_MS });
      await quantityIs(device.page, first, 1);
    }

    // Offline in the middle of editing: A raises the first line twice while cut off, B the second.
    await a.page.getByRole('button', { name: fill(builder.product.increase, { name: first }) }).click();
    await a.browser.context.setOffline(true);
    down = true;
    await Promise.all(open.splice(0).map((socket) => socket.close()));
    await a.page.getByText(builder.connection.offline).waitFor({ timeout: LIVE_MS });
    await a.page.getByRole('button', { name: fill(builder.product.increase, { name: first }) }).click();
    await quantityIs(a.page, first, 3);
    await b.page.getByRole('button', { name: fill(builder.product.increase, { name: second }) }).click();
    await quantityIs(b.page, second, 2);

    // Back online: A reconnects by itself, and both devices hold both edits.
    down = false;
    await a.browser.context.setOffline(false);
    await a.page.getByText(builder.connection.live).waitFor({ timeout: LIVE_MS });
    for (const device of [a, b]) {
      await quantityIs(device.page, first, 3);
      await quantityIs(device.page, second, 2);
    }
    const deadline = Date.now() + LIVE_MS;
    let counts;
    for (;;) {
      const protocol = await api(b.page, 'GET', `/v2/account/practitioners/protocols/${id}`);
      counts = Object.fromEntries(protocol.products.map((line) => [line.name, line.item_count]));
      if ((counts[first] === 3 && counts[second] === 2) || Date.now() > deadline) break;
      await b.page.waitForTimeout(200);
    }
    assert.deepEqual(counts, { [first]: 3, [second]: 2 });
    await a.page.unrouteAll();
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });

  test("a product added from its page through the builder reaches the other device's protocol page", async () => {
    const name = `From the product page ${Date.now()}`;
    const { id, variants } = await newProtocol(a.page, name);
    const list = await api(a.page, 'GET', '/v2/storefront/products?limit=26');
    const product = list.data.find((item) => item.is_available && !variants.includes(item.variants[0].id));
    await b.page.goto(`${BASE_URL}/en/account/practitioner/protocols/${id}`);
    await b.page.getByRole('heading', { level: 1, name }).waitFor();

    // A picks the protocol in the builder's panel, then adds the product from its page.
    await a.page.goto(`${BASE_URL}/en/products`);
    await a.page.getByRole('button', { name: builder.panel.open }).click();
    await a.page.getByLabel(builder.list.search).fill(name);
    await a.page.getByRole('button', { name: fill(builder.list['select-label'], { name }) }).click();
    await a.page.getByRole('list', { name: builder.active.products }).waitFor();
    await a.page.getByRole('link', { name: product.name }).first().click();
    await a.page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await a.page.getByRole('button', { name: builder.add.button }).click();
    await a.page.getByText(builder.toast['product-added']).waitFor({ timeout: LIVE_MS });

    // The panel on A and the open page on B both list it.
    await quantityIs(a.page, product.name, 1);
    await quantityIs(b.page, product.name, 1);
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });

  test('a practitioner copies a template from the builder, adapting its name', async () => {
    const name = `Restful sleep for Anna ${Date.now()}`;
    const [template] = (await api(a.page, 'GET', '/v2/providers/local/protocols/templates')).filter(
      (item) => item.name === 'Restful sleep',
    );
    assert.ok(template.protocol_line_items.length > 0);

    await a.page.goto(`${BASE_URL}/en/products`);
    // The previous test left a protocol open in the panel: the panel opens on it, and the list is a step back.
    await a.page.getByRole('button', { name: builder.panel.open }).click();
    await a.page.getByRole('button', { name: builder.active['to-list'] }).click();
    await a.page.getByRole('button', { name: builder.list.create }).click();
    const form = a.page.getByRole('form', { name: builder.create.title });
    await form.getByRole('radio', { name: new RegExp(`^${template.name}`) }).check();
    const nameBox = form.getByRole('textbox', { name: builder.form.name });
    assert.equal(await nameBox.inputValue(), template.name);
    await nameBox.fill(name);
    await form.getByRole('button', { name: builder.create.copy }).click();

    await a.page.getByText(builder.toast['template-added']).waitFor({ timeout: LIVE_MS });
    await a.page.getByRole('heading', { level: 2, name }).waitFor();
    const mine = await api(a.page, 'POST', '/v2/account/practitioners/protocols/search', { query: name, page: 1, limit: 50 });
    assert.equal(mine.data.length, 1);
    assert.equal(mine.data[0].products.length, template.protocol_line_items.length);
    assert.deepEqual(a.errors, []);
  });

  test('a protocol deleted on one device while open on the other ends in the not-found message there', async () => {
    const name = `Deleted elsewhere ${Date.now()}`;
    const { id, names } = await newProtocol(a.page, name);
    await b.page.goto(`${BASE_URL}/en/account/practitioner/protocols/${id}`);
    await quantityIs(b.page, names[0], 1);
    await api(a.page, 'DELETE', `/v2/account/practitioners/protocols/${id}`);
    await b.page.getByText(builder.page['not-found']).waitFor({ timeout: LIVE_MS });
    assert.deepEqual(b.errors, []);
  });

  test("a share reaches the client's open page within a second", async () => {
    const client = await openDevice();
    try {
      await signIn(client.page, CLIENT);
      const name = `Shared live ${Date.now()}`;
      const { id } = await newProtocol(a.page, name);
      await openLive(client, `${BASE_URL}/en/account/client/protocols`);
      await client.page.getByRole('heading', { level: 1, name: clientTexts.list.title }).waitFor();

      await a.page.goto(`${BASE_URL}/en/account/practitioner/protocols/${id}`);
      await a.page.getByRole('button', { name: builder.active.share }).click();
      await a.page.getByLabel(builder.share['search-clients']).fill('client@demo');
      await a.page.getByRole('button', { name: fill(builder.share['pick-label'], { email: CLIENT }) }).click();
      const shared = a.page.waitForResponse(
        (response) => response.url().endsWith('/protocols/assign') && response.request().method() === 'POST',
      );
      await a.page.getByRole('dialog').getByRole('button', { name: builder.share.submit, exact: true }).click();
      assert.equal((await shared).status(), 201);
      const sharedAt = Date.now();
      await client.page.getByRole('heading', { name }).waitFor({ timeout: SHARE_MS });
      console.log(`share seen by the client ${Date.now() - sharedAt} ms after the share's answer`);
      assert.deepEqual(client.errors, []);
    } finally {
      await client.browser.close();
    }
  });

  test('the link page works signed out: the protocol, its products and prices', async () => {
    const name = `By link ${Date.now()}`;
    const { id, names } = await newProtocol(a.page, name);
    const link = await api(a.page, 'POST', `/v2/account/practitioners/protocols/${id}/link`);
    const visitor = await openBrowser({ locale: 'en-US' });
    try {
      const page = visitor.context.pages()[0] ?? (await visitor.context.newPage());
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${BASE_URL}/en${link.link}`);
      await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: LIVE_MS });
      for (const product of names) await page.getByText(product, { exact: true }).first().waitFor();
      assert.match(await page.getByRole('main').innerText(), /\d,\d{2}\s€/);
      assert.deepEqual(errors, []);
    } finally {
      await visitor.close();
    }
  });
});
