// The checkout: the demo client puts the protocol the practitioner shared in the cart, goes from the cart
// page to the checkout, picks a saved address and changes it, chooses a shipping method and pays: the laptop
// lands on the test provider's page. The order page open on the phone shows the order paid without a reload
// once the laptop pays; the laptop comes back to the return page, the cart is empty, the confirmation e-mail
// arrives and the practitioner sees the order in the practice hub.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale } from './browser.mjs';
import { api, cancelUnpaidOrders, LIVE_MS, openDevice, signIn } from './devices.mjs';
import { MAIL_DIR, mailWith } from './mail.mjs';

const cart = locale('en', 'cart');
const checkout = locale('en', 'checkout');
const orders = locale('en', 'orders');
const payment = locale('en', 'test-payment');
const practice = locale('en', 'practice');

describe('buying a shared protocol', () => {
  let laptop;
  let phone;

  before(async () => {
    [laptop, phone] = await Promise.all([openDevice(), openDevice()]);
    await signIn(laptop.page, 'client@demo.shop');
    await signIn(phone.page, 'client@demo.shop');
  });

  after(async () => {
    await laptop?.browser.close();
    await phone?.browser.close();
  });

  test('checked out and paid on the laptop, shown paid on the phone without a reload, confirmed by e-mail, seen by the practitioner', async () => {
    const shared = await api(laptop.page, 'GET', '/v2/account/clients/protocols');
    await api(laptop.page, 'DELETE', '/v2/storefront/cart');
    await cancelUnpaidOrders(laptop.page);
    assert.ok(shared.length > 0);
    await api(laptop.page, 'POST', `/v2/storefront/cart/protocols/${shared[0].protocol_id}`);
    const methods = await api(laptop.page, 'GET', '/v2/checkout/shipping-methods?country=NL');
    assert.ok(methods.length > 1);
    const express = methods[1];

    // The cart page leads to the checkout.
    const { page } = laptop;
    await page.goto(`${BASE_URL}/en/cart`);
    await page.getByRole('link', { name: cart.checkout, exact: true }).click();
    await page.waitForURL('**/en/checkout');
    await page.getByRole('heading', { level: 1, name: checkout.title }).waitFor();

    // A saved address (the demo client's past orders) fills the form; the buyer changes the street.
    await page.getByRole('button', { name: /Keizersgracht 123/ }).click();
    const field = (name) => page.getByLabel(checkout.address.fields[name], { exact: true });
    assert.equal(await field('first_name').inputValue(), 'Chloe');
    assert.equal(await field('country').inputValue(), 'NL');
    await field('line1').fill('Damrak 1');
    // A wrong Dutch postcode is refused on blur; the right one, typed loosely, is taken.
    await field('postcode').fill('1012');
    await field('postcode').blur();
    await page.getByText(checkout.errors.postcode).waitFor();
    await field('postcode').fill('1012lg');
    await field('postcode').blur();
    await page.getByText(checkout.errors.postcode).waitFor({ state: 'detached' });

    // The shipping method changes the summary, priced on the server.
    const summary = page.getByRole('region', { name: checkout.summary.title });
    await summary.getByText(checkout.summary.shipping.replace('{{method}}', methods[0].name)).waitFor();
    await page.getByRole('radio', { name: new RegExp(express.name.replace(/[()]/g, '\\$&')) }).check();
    await summary.getByText(checkout.summary.shipping.replace('{{method}}', express.name)).waitFor();
    await summary.getByText(checkout.summary.vat).waitFor();

    // Pay: the order is placed and the laptop lands on the test provider's page.
    const reply = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v2/checkout/orders' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: checkout.pay.button, exact: true }).click();
    const answer = await reply;
    const body = await answer.json();
    assert.equal(answer.status(), 201, JSON.stringify(body));
    assert.match(answer.request().headers()['idempotency-key'] ?? '', /^[0-9a-f-]{36}$/);
    const { number } = body;
    await page.waitForURL(`**${body.payment_url}`);
    await page.getByRole('note').filter({ hasText: payment.test.banner }).waitFor();
    const placed = await api(page, 'GET', `/v2/account/orders/${number}`);
    assert.equal(placed.state, 'awaiting_payment');
    assert.equal(placed.shipping_address.line1, 'Damrak 1');
    assert.equal(placed.shipping_address.postcode, '1012 LG');
    assert.equal(placed.shipping_method, express.name);

    // The phone has the order page open, awaiting payment (marked: a reload would drop the mark).
    await phone.page.goto(`${BASE_URL}/en/account/orders/${number}`);
    await phone.page.getByRole('heading', { level: 1, name: orders['order-title'].replace('{{number}}', number) }).waitFor();
    await phone.page.getByRole('button', { name: orders.pay }).waitFor();
    await phone.page.evaluate(() => {
      globalThis.__checkoutE2eDocument = true;
    });

    // The laptop pays on the test provider's page and comes back to the return page.
    await page.getByRole('button', { name: payment.test.outcomes.paid, exact: true }).click();
    await page.waitForURL(`**/en/checkout/return/${number}`);
    await page.getByText(orders.state.paid, { exact: true }).first().waitFor({ timeout: LIVE_MS });

    // The phone follows without a reload.
    await phone.page.getByRole('button', { name: orders.pay }).waitFor({ state: 'detached', timeout: LIVE_MS });
    const history = phone.page.getByRole('region', { name: orders.history });
    await history.getByText(orders.state.paid).waitFor({ timeout: LIVE_MS });
    assert.equal(await phone.page.evaluate(() => globalThis.__checkoutE2eDocument), true);
    assert.deepEqual(await api(laptop.page, 'GET', '/v2/storefront/cart').then((reply) => reply.items), []);

    if (MAIL_DIR) {
      const mail = await mailWith([`Subject: Your order ${number} is confirmed`]);
      assert.match(mail, /To: client@demo\.shop/);
    }

    // The practitioner sees the order in the practice hub, without the buyer's address.
    await signIn(phone.page, 'certified@demo.shop');
    await phone.page.goto(`${BASE_URL}/en/account/practitioner`);
    const card = phone.page.getByRole('region', { name: practice.orders.title });
    await card.getByText('Chloe Bennett').first().waitFor();
    assert.doesNotMatch(await card.innerText(), /Damrak/);
    assert.deepEqual(laptop.errors, []);
    assert.deepEqual(phone.errors, []);
  });
});
