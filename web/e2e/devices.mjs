// "Devices" for the live tests: each is its own browser profile, signed in through the API with the
// tokens stored exactly as the app's token store keeps them, so a test never depends on the sign-in screen.
import { BASE_URL, openBrowser } from './browser.mjs';

export const PASSWORD = 'Demo-pass-2026!';
export const TOKENS_KEY = 'practitioner-supplements:tokens';
export const LIVE_MS = 10_000;

/** One device: its own browser, page, the events-socket frames it received and its page errors. */
export async function openDevice() {
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

/** Signs `page` in as `email` (a demo user) and stores the tokens as the app does (prefixed key, expiry). */
export async function signIn(page, email) {
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
    { email, password: PASSWORD, key: TOKENS_KEY },
  );
}

/** A call with the device's own bearer, as the app would make it; the reply's JSON. */
export async function api(page, method, path, body) {
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
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
    { method, path, body, key: TOKENS_KEY },
  );
}

/** Opens `url` on the device and waits until that page's own events socket said `ready` (the frames of the
 * page before are dropped, or its `ready` would answer at once and an event sent meanwhile be missed). */
export async function openLive(device, url) {
  device.frames.length = 0;
  await device.page.goto(url);
  await socketReady(device);
}

/** Waits until the device's events socket said `ready`. */
export async function socketReady(device) {
  const deadline = Date.now() + LIVE_MS;
  while (!device.frames.some((frame) => frame.type === 'ready')) {
    if (Date.now() > deadline) throw new Error('the events socket never sent ready');
    await device.page.waitForTimeout(50);
  }
}

/** An order left awaiting payment by an earlier, interrupted run would hold units or refuse a checkout (409). */
export async function cancelUnpaidOrders(page) {
  const { data } = await api(page, 'GET', '/v2/account/orders?page=1&limit=100');
  for (const order of data.filter((entry) => entry.state === 'awaiting_payment')) {
    await api(page, 'POST', `/v2/account/orders/${order.number}/cancel`);
  }
}

const ADDRESS = {
  first_name: 'Paul',
  last_name: 'Okafor',
  line1: 'Damrak 1',
  city: 'Amsterdam',
  postcode: '1012LG',
  country: 'NL',
};

/** Places the device's cart as an order (with its Idempotency-Key) and pays it on the test provider. */
export async function placeAndPay(page, methodId) {
  return page.evaluate(
    async ({ key, body }) => {
      const { value } = JSON.parse(globalThis.localStorage.getItem(key));
      const headers = {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${value.accessToken}`,
        'Idempotency-Key': crypto.randomUUID(),
      };
      const placed = await fetch('/api/v2/checkout/orders', { method: 'POST', headers, body: JSON.stringify(body) });
      if (placed.status !== 201) throw new Error(`placing answered ${placed.status}: ${await placed.text()}`);
      const order = await placed.json();
      const paymentId = order.payment_url.split('/').pop();
      const paid = await fetch(`/api/v2/payments/test/${paymentId}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ outcome: 'paid', method: 'ideal' }),
      });
      if (!paid.ok) throw new Error(`paying answered ${paid.status}`);
      return order.number;
    },
    { key: TOKENS_KEY, body: { shipping_address: ADDRESS, shipping_method_id: methodId } },
  );
}
