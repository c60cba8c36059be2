// Cart across two devices: the same client signed in in two separate browsers. A change on device A
// reaches device B through the events socket (DESIGN sections 6 and 10), without a reload.
// Needs the app to mount RealtimeProvider (src/lib/realtime) and the CartBadge in the site header.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale, openBrowser } from './browser.mjs';

const cart = locale('en', 'cart');
const EMAIL = 'client@demo.shop';
const PASSWORD = 'Demo-pass-2026!';
const TOKENS_KEY = 'practitioner-supplements:tokens';
const SCREENSHOT = join(tmpdir(), 'e2e-cart.png');
const LIVE_MS = 10_000;

/** One "device": its own browser profile, page, socket frames seen and page errors. */
async function openDevice() {
  const browser = await openBrowser({ locale: 'en-US' });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const device = { browser, page, frames: [], errors: [] };
  page.on('pageerror', (error) => device.errors.push(error.message));
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/ws/events/')) return;
    socket.on('framereceived', ({ payload }) => {
      try {
        device.frames.push(JSON.parse(String(payload)));
      } catch {
        // not JSON: not ours to check
      }
    });
  });
  return device;
}

/**
 * Signs in through the API and stores the tokens exactly as the app's token store does (prefixed key,
 * `{value, expires}`), so the test does not depend on the sign-in screen.
 */
async function signIn(page) {
  await page.goto(`${BASE_URL}/en`);
  await page.evaluate(
    async ({ email, password, key }) => {
      const response = await fetch('/api/v2/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
      const tokens = await response.json();
      const value = {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        userTypeId: tokens.user_type_id,
      };
      globalThis.localStorage.setItem(key, JSON.stringify({ value, expires: Date.now() + 24 * 3600 * 1000 }));
    },
    { email: EMAIL, password: PASSWORD, key: TOKENS_KEY },
  );
}

/** A call with the device's own bearer, as the app would make it. */
async function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body, key }) => {
      const { value } = JSON.parse(globalThis.localStorage.getItem(key));
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${value.accessToken}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
      return response.json();
    },
    { method, path, body, key: TOKENS_KEY },
  );
}

async function socketReady(device) {
  const deadline = Date.now() + LIVE_MS;
  while (!device.frames.some((frame) => frame.type === 'ready')) {
    if (Date.now() > deadline) throw new Error('the events socket never sent ready');
    await device.page.waitForTimeout(50);
  }
}

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
    await signIn(a.page);
    await signIn(b.page);
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
    await b.page.goto(`${BASE_URL}/en/cart`);
    await b.page.getByRole('heading', { name: cart.empty.title }).waitFor();
    await socketReady(b);
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
