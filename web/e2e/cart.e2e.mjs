// Cart across two devices: the same client signed in in two separate browsers. A change on device A
// reaches device B through the events socket (docs/architecture.md, "The event log" and "The web app"), without a reload.
// Needs the app to mount RealtimeProvider (src/lib/realtime) and the CartBadge in the site header.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale } from './browser.mjs';
import { api, LIVE_MS, openDevice, openLive, signIn, TOKENS_KEY } from './devices.mjs';

const cart = locale('en', 'cart');
const EMAIL = 'client@demo.shop';
const SCREENSHOT = join(tmpdir(), 'e2e-cart.png');

/**
 * The cart line's picture. Waiting for it also waits for its product call, which counts a view on the
 * server: on the SQLite test server a write at the same moment as a cart write can fail with "database
 * is locked" (a server issue, reported), which would make this test flaky.
 */
const lineImage = (page) => page.getByRole('main').getByRole('listitem').getByRole('img');

/** The header's cart badge (CartBadge, mounted in the site header) showing `items`. */
const badge = (page, items) =>
  page.getByRole('banner').getByRole('link', { name: cart.badge.label.replace('{{items}}', items) });

describe('cart on two devices', () => {
  let a;
  let b;
  let product;

  before(async () => {
    [a, b] = await Promise.all([openDevice(), openDevice()]);
    await signIn(a.page, EMAIL);
    await signIn(b.page, EMAIL);
    await api(a.page, 'DELETE', '/v2/storefront/cart');
    const list = await api(a.page, 'GET', '/v2/storefront/products?limit=10');
    const card = list.data.find((candidate) => candidate.is_available) ?? list.data[0];
    product = { variantId: card.variants[0].id };
  });

  after(async () => {
    await a?.browser.close();
    await b?.browser.close();
  });

  test('a line added on device A appears on device B, and goes when A removes it', async () => {
    // Device B watches its (empty) cart.
    await openLive(b, `${BASE_URL}/en/cart`);
    await b.page.getByRole('heading', { name: cart.empty.title }).waitFor();
    await badge(b.page, 0).waitFor();
    // Marks this document: if B reloaded, the mark would be gone.
    await b.page.evaluate(() => {
      globalThis.__cartE2eDocument = true;
    });

    // Device A adds two of a product (the way a product page does: the API).
    const answer = await api(a.page, 'POST', '/v2/storefront/cart/items', {
      product_variant_id: product.variantId,
      quantity: 2,
    });
    const name = answer.items[0].name;
    assert.equal(answer.total_items, 2);

    // B sees it live: the line, its quantity and the header badge.
    await b.page.getByRole('link', { name, exact: true }).waitFor({ timeout: LIVE_MS });
    assert.equal(
      await b.page.getByRole('textbox', { name: cart.line.quantity.replace('{{name}}', name) }).inputValue(),
      '2',
    );
    await badge(b.page, 2).waitFor({ timeout: LIVE_MS });
    await lineImage(b.page).waitFor();
    assert.ok(b.frames.some((frame) => frame.type === 'event' && frame.topic === 'cart.updated'));

    // A removes one from its cart page, then the last one.
    await a.page.goto(`${BASE_URL}/en/cart`);
    await a.page.getByRole('link', { name, exact: true }).waitFor();
    // The picture's product call is done before A writes (see lineImage).
    await lineImage(a.page).waitFor();
    const decrease = a.page.getByRole('button', { name: cart.line.decrease.replace('{{name}}', name) });
    await decrease.click();
    await badge(a.page, 1).waitFor();

    await badge(b.page, 1).waitFor({ timeout: LIVE_MS });
    const quantityOnB = b.page.getByRole('textbox', { name: cart.line.quantity.replace('{{name}}', name) });
    await b.page.waitForFunction((input) => input.value === '1', await quantityOnB.elementHandle(), {
      timeout: LIVE_MS,
    });

    await decrease.click();
    await a.page.getByRole('heading', { name: cart.empty.title }).waitFor();

    // …and B's line is gone, without a reload.
    await b.page.getByRole('heading', { name: cart.empty.title }).waitFor({ timeout: LIVE_MS });
    await badge(b.page, 0).waitFor({ timeout: LIVE_MS });
    assert.equal(await b.page.evaluate(() => globalThis.__cartE2eDocument === true), true);
    await b.page.screenshot({ path: SCREENSHOT });

    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });

  test('a sign-out on device A reaches its open tab live, and device B keeps its cart', async () => {
    await api(a.page, 'POST', '/v2/storefront/cart/items', { product_variant_id: product.variantId, quantity: 1 });
    await badge(a.page, 1).waitFor({ timeout: LIVE_MS });
    await badge(b.page, 1).waitFor({ timeout: LIVE_MS });

    // A's login ends on the server (as from another tab of it): `session.logged_out` reaches A's socket,
    // which wipes the tokens, and the cart is reset there without a reload.
    await api(a.page, 'POST', '/v2/account/logout');
    await a.page.getByText(cart['signed-out'].text).waitFor({ timeout: LIVE_MS });
    await badge(a.page, 0).waitFor();
    assert.equal(await a.page.evaluate((key) => globalThis.localStorage.getItem(key), TOKENS_KEY), null);

    // B is another login of the same user: still signed in, with the cart.
    await badge(b.page, 1).waitFor();
    await api(b.page, 'DELETE', '/v2/storefront/cart');
    await b.page.getByRole('heading', { name: cart.empty.title }).waitFor({ timeout: LIVE_MS });
    await badge(b.page, 0).waitFor({ timeout: LIVE_MS });
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });
});
