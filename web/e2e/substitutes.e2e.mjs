// A practitioner's substitute on two devices (docs/decisions/0041-substitutes.md): the practitioner sets one
// for a protocol line and their open builder shows it; the line's last bottles are bought; the client's open
// protocol page offers the substitute at once, without a reload, and puts it in the client's cart.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale } from './browser.mjs';
import { api, cancelUnpaidOrders, LIVE_MS, openDevice, openLive, placeAndPay, signIn } from './devices.mjs';

const builder = locale('en', 'builder');
const clientTexts = locale('en', 'client-protocols');
const PRACTITIONER = 'certified@demo.shop';
const CLIENT = 'client@demo.shop';
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

describe('substitutes, live', () => {
  let practitioner;
  let client;

  before(async () => {
    [practitioner, client] = await Promise.all([openDevice(), openDevice()]);
    await signIn(practitioner.page, PRACTITIONER);
    await signIn(client.page, CLIENT);
    for (const device of [practitioner, client]) {
      await api(device.page, 'DELETE', '/v2/storefront/cart');
      await cancelUnpaidOrders(device.page);
    }
  });

  after(async () => {
    // The next files start from the demo client's empty cart, as this one did.
    if (client) await api(client.page, 'DELETE', '/v2/storefront/cart').catch(() => undefined);
    await practitioner?.browser.close();
    await client?.browser.close();
  });

  test("the practitioner's substitute reaches the client's open page the moment the line sells out", async () => {
    // A product with only a few left, and another in stock to stand in for it.
    const { data } = await api(client.page, 'GET', '/v2/storefront/products?limit=100');
    const scarce = data.find((card) => !card.practitioner_only && card.variants[0].stock.state === 'low');
    const standIn = data.find((card) => !card.practitioner_only && card !== scarce && card.variants[0].stock.state === 'in_stock');
    assert.ok(scarce && standIn, 'the demo catalogue has a product with only a few left and one in stock');
    const [line, substitute] = [scarce.variants[0], standIn.variants[0]];

    // The practitioner writes a protocol of it and shares it with the client.
    const made = await api(practitioner.page, 'POST', '/v2/account/practitioners/protocols/create', {
      name: `Stand-in ${Date.now()}`,
      description: 'Made by the browser tests.',
    });
    const id = made.protocol_id ?? made.id;
    await api(practitioner.page, 'POST', `/v2/account/practitioners/protocols/${id}/products`, {
      product_variant_id: line.id,
      quantity: 1,
    });
    const clients = await api(practitioner.page, 'POST', '/v2/account/practitioners/clients', { keyword: 'client@demo' });
    const demoClient = clients.clients.find((entry) => entry.email === CLIENT);
    await api(practitioner.page, 'POST', '/v2/account/practitioners/protocols/assign', {
      id,
      user_id: demoClient.id,
      discount: 0,
      limit_reason: 'Browser test',
    });

    // The builder is open while the substitute is set (by the call the builder's picker makes).
    await openLive(practitioner, `${BASE_URL}/en/account/practitioner/protocols/${id}`);
    await practitioner.page.getByText(builder.substitute.none).first().waitFor({ timeout: LIVE_MS });
    const saved = await api(practitioner.page, 'PUT', `/v2/account/practitioners/protocols/${id}/products/${line.id}/substitute`, {
      substitute_variant_id: substitute.id,
    });
    assert.equal(saved.data.products[0].substitute.product_variant_id, substitute.id);
    await practitioner.page.getByRole('main').getByText(standIn.name).first().waitFor({ timeout: LIVE_MS });

    // The client watches the protocol; someone buys the last bottles.
    await openLive(client, `${BASE_URL}/en/account/client/protocols`);
    await client.page.getByRole('link', { name: scarce.name, exact: true }).first().waitFor({ timeout: LIVE_MS });
    await client.page.evaluate(() => {
      globalThis.__substitutesE2eDocument = true;
    });
    await api(practitioner.page, 'POST', '/v2/storefront/cart/items', {
      product_variant_id: line.id,
      quantity: line.stock.available,
    });
    const methods = await api(practitioner.page, 'GET', '/v2/checkout/shipping-methods?country=NL');
    await placeAndPay(practitioner.page, methods[0].id);

    // The client's page offers the practitioner's substitute without a reload, and it goes into the cart.
    const add = client.page.getByRole('button', {
      name: fill(clientTexts.substitute['add-label'], { substitute: standIn.name, name: scarce.name }),
    });
    await add.first().waitFor({ timeout: LIVE_MS });
    assert.equal(await client.page.evaluate(() => globalThis.__substitutesE2eDocument === true), true, 'reloaded');
    await add.first().click();
    const deadline = Date.now() + LIVE_MS;
    let items = [];
    while (Date.now() < deadline) {
      ({ items } = await api(client.page, 'GET', '/v2/storefront/cart'));
      if (items.length) break;
      await client.page.waitForTimeout(100);
    }
    assert.deepEqual(
      items.map((item) => [item.product_variant_id, item.quantity]),
      [[substitute.id, 1]],
    );
    assert.deepEqual(practitioner.errors, []);
    assert.deepEqual(client.errors, []);
  });
});
