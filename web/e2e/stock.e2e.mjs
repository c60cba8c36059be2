// Stock that is true on every device: a client has the last bottles of a product in the cart on the phone
// while another buyer takes them on a laptop; the phone's cart says "Sold out" without a reload
// (`stock.updated`). The client asks to be told when it is back; a warehouse file brings stock and the
// back-in-stock e-mail goes out; the notice shows in the app.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { BASE_URL, locale } from './browser.mjs';
import { api, cancelUnpaidOrders, LIVE_MS, openDevice, openLive, placeAndPay, signIn } from './devices.mjs';
import { MAIL_DIR, mailWith } from './mail.mjs';

const common = locale('en', 'common');
const REPO = fileURLToPath(new URL('../../', import.meta.url));
describe('stock on two devices', () => {
  let phone;
  let laptop;

  before(async () => {
    [phone, laptop] = await Promise.all([openDevice(), openDevice()]);
    await signIn(phone.page, 'client@demo.shop');
    await signIn(laptop.page, 'practitioner@demo.shop');
    for (const device of [phone, laptop]) {
      await api(device.page, 'DELETE', '/v2/storefront/cart');
      await cancelUnpaidOrders(device.page);
    }
  });

  after(async () => {
    // The next files start from the demo client's empty cart, as this one did.
    if (phone) await api(phone.page, 'DELETE', '/v2/storefront/cart').catch(() => undefined);
    await phone?.browser.close();
    await laptop?.browser.close();
  });

  test('the last bottles sold on a laptop show sold out in the phone cart live, and stock arriving e-mails the alert', async () => {
    // A product with only a few left (the demo counts its stock), for sale to anyone.
    const { data } = await api(phone.page, 'GET', '/v2/storefront/products?limit=100');
    const card = data.find(
      (candidate) => !candidate.practitioner_only && candidate.variants.some((v) => v.stock.state === 'low'),
    );
    assert.ok(card, 'the demo catalogue has a product with only a few left');
    const variant = card.variants.find((v) => v.stock.state === 'low');
    const left = variant.stock.available;

    // The phone has one in its cart and watches it.
    await api(phone.page, 'POST', '/v2/storefront/cart/items', { product_variant_id: variant.id, quantity: 1 });
    await openLive(phone, `${BASE_URL}/en/cart`);
    await phone.page.getByRole('link', { name: card.name, exact: true }).waitFor();
    await phone.page.evaluate(() => {
      globalThis.__stockE2eDocument = true;
    });

    // The laptop buys every one that is left.
    await api(laptop.page, 'POST', '/v2/storefront/cart/items', { product_variant_id: variant.id, quantity: left });
    const methods = await api(laptop.page, 'GET', '/v2/checkout/shipping-methods?country=NL');
    await placeAndPay(laptop.page, methods[0].id);

    // The phone's cart says so at once, without a reload.
    await phone.page.getByRole('main').getByText(common.stock['sold-out'], { exact: true }).first().waitFor({ timeout: LIVE_MS });
    assert.ok(phone.frames.some((frame) => frame.type === 'event' && frame.topic === 'stock.updated' && frame.seq === undefined));
    assert.equal(await phone.page.evaluate(() => globalThis.__stockE2eDocument === true), true);

    // The client asks to be told when it is back; a warehouse file brings ten.
    const alert = await api(phone.page, 'POST', '/v2/account/stock-alerts', { product_variant_id: variant.id });
    assert.equal(alert.state, 'waiting');
    if (!MAIL_DIR) return; // the server's e-mail folder and database are the test command's
    const folder = await mkdtemp(join(tmpdir(), 'stock-import-'));
    const file = join(folder, 'warehouse.csv');
    await writeFile(file, `sku,quantity\n${variant.sku},10\n`);
    execFileSync(join(REPO, '.venv/bin/python'), ['-m', 'server.manage', 'stock_import', file], { cwd: REPO, env: process.env });

    const mail = await mailWith(['which you asked us to watch, is back in stock', `/en/products/${card.slug}`]);
    assert.ok(mail.includes(card.name));

    // The answered alert shows in the app (the import ran in another process: the phone reads it on load).
    await phone.page.reload();
    await phone.page.getByRole('status').filter({ hasText: common['back-in-stock'].notice.replace('{{name}}', card.name) }).waitFor({ timeout: LIVE_MS });
    assert.deepEqual(phone.errors, []);
    assert.deepEqual(laptop.errors, []);
  });
});
