// Automatic refills on two devices (docs/decisions/0042-automatic-refills.md): the practitioner shares a
// protocol; the client starts its automatic refill on the phone (the proposal, an address, a method) and pays
// the first parcel on the test provider's page, which sets up the automatic charges. The laptop has the
// client's refills open and shows the new one, then its state, without a reload; pausing on the laptop shows
// on the phone's refill page at once. The day's run (another process) places and charges the next parcel to
// the mandate; the refill's page then lists both parcels paid and the parcel's e-mail has gone out.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { BASE_URL, locale } from './browser.mjs';
import { api, cancelUnpaidOrders, LIVE_MS, openDevice, openLive, signIn } from './devices.mjs';
import { MAIL_DIR, mailWith } from './mail.mjs';

const refills = locale('en', 'subscriptions');
const checkout = locale('en', 'checkout');
const payment = locale('en', 'test-payment');
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT = 'client@demo.shop';

describe('automatic refills on two devices', () => {
  let practitioner;
  let phone;
  let laptop;

  before(async () => {
    [practitioner, phone, laptop] = await Promise.all([openDevice(), openDevice(), openDevice()]);
    await signIn(practitioner.page, 'certified@demo.shop');
    await signIn(phone.page, CLIENT);
    await signIn(laptop.page, CLIENT);
    await cancelUnpaidOrders(phone.page);
  });

  after(async () => {
    await practitioner?.browser.close();
    await phone?.browser.close();
    await laptop?.browser.close();
  });

  test('started and paid on the phone, shown live on the laptop, paused on the laptop and shown live on the phone, refilled by the day run', async () => {
    // A protocol of one product anyone may buy, shared with the client.
    const { data } = await api(practitioner.page, 'GET', '/v2/storefront/products?limit=100');
    const card = data.find((candidate) => !candidate.practitioner_only && candidate.variants[0].stock.state === 'in_stock');
    assert.ok(card, 'the demo catalogue has a product in stock for anyone');
    const name = `Refilled ${Date.now()}`;
    const made = await api(practitioner.page, 'POST', '/v2/account/practitioners/protocols/create', {
      name,
      description: 'Made by the browser tests.',
    });
    const protocolId = made.protocol_id;
    await api(practitioner.page, 'POST', `/v2/account/practitioners/protocols/${protocolId}/products`, {
      product_variant_id: card.variants[0].id,
      quantity: 1,
    });
    const clients = await api(practitioner.page, 'POST', '/v2/account/practitioners/clients', { keyword: 'client@demo' });
    const demoClient = clients.clients.find((entry) => entry.email === CLIENT);
    await api(practitioner.page, 'POST', '/v2/account/practitioners/protocols/assign', {
      id: protocolId,
      user_id: demoClient.id,
      discount: 0,
      limit_reason: 'Browser test',
    });

    // The laptop has the client's refills open.
    await openLive(laptop, `${BASE_URL}/en/account/refills`);
    await laptop.page.getByRole('heading', { level: 1, name: refills.title }).waitFor();
    const title = refills.name.replace('{{name}}', name);

    // The phone starts the refill from the proposal: an address, the first shipping method, pay.
    const { page } = phone;
    await page.goto(`${BASE_URL}/en/account/refills/new?protocol_id=${protocolId}`);
    await page.getByRole('heading', { level: 1, name: refills.subscribe.title }).waitFor();
    await page.getByRole('checkbox', { name: refills.lines.include.replace('{{name}}', card.name) }).waitFor();
    const field = (key) => page.getByLabel(checkout.address.fields[key], { exact: true });
    await field('first_name').fill('Chloe');
    await field('last_name').fill('Janssen');
    await field('line1').fill('Damrak 1');
    await field('city').fill('Amsterdam');
    await field('country').selectOption('NL');
    await field('postcode').fill('1012LG');
    await page.getByRole('radio').first().waitFor();
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v2/account/clients/subscriptions' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: refills.subscribe.submit, exact: true }).click();
    const answer = await created;
    const refill = await answer.json();
    assert.equal(answer.status(), 201, JSON.stringify(refill));
    assert.equal(refill.state, 'pending_mandate');
    assert.match(answer.request().headers()['idempotency-key'] ?? '', /^[0-9a-f-]{36}$/);

    // The laptop shows the new refill, waiting for its first payment, without a reload.
    const row = laptop.page.getByRole('listitem').filter({ hasText: title });
    await row.getByText(refills.state.pending_mandate, { exact: true }).waitFor({ timeout: LIVE_MS });
    await laptop.page.evaluate(() => {
      globalThis.__refillsE2eDocument = true;
    });

    // The phone pays the first parcel on the test provider's page and comes back to the refill, active.
    await page.waitForURL(`**${refill.payment_url}`);
    await page.getByRole('note').filter({ hasText: payment.test.banner }).waitFor();
    await page.getByRole('button', { name: payment.test.outcomes.paid, exact: true }).click();
    await page.waitForURL(`**/en/account/refills/${refill.id}`);
    await page.getByText(refills.state.active, { exact: true }).first().waitFor({ timeout: LIVE_MS });
    await page.getByRole('button', { name: refills.actions.pause, exact: true }).waitFor();

    // The laptop follows: active, still the same document.
    await row.getByText(refills.state.active, { exact: true }).waitFor({ timeout: LIVE_MS });
    assert.equal(await laptop.page.evaluate(() => globalThis.__refillsE2eDocument), true);
    assert.ok(laptop.frames.some((frame) => frame.type === 'event' && frame.topic === 'subscription.updated'));

    // The laptop opens it and pauses; the phone's page says so without a reload.
    await phone.page.evaluate(() => {
      globalThis.__refillsE2eDocument = true;
    });
    await openLive(laptop, `${BASE_URL}/en/account/refills/${refill.id}`);
    await laptop.page.getByRole('button', { name: refills.actions.pause, exact: true }).click();
    await laptop.page.getByText(refills.actions.paused).waitFor({ timeout: LIVE_MS });
    await page.getByText(refills.state.paused, { exact: true }).first().waitFor({ timeout: LIVE_MS });
    await page.getByRole('button', { name: refills.actions.resume, exact: true }).click();
    await laptop.page.getByText(refills.state.active, { exact: true }).first().waitFor({ timeout: LIVE_MS });
    assert.equal(await phone.page.evaluate(() => globalThis.__refillsE2eDocument), true);

    // The day of the next parcel, the run (as cron would start it) places it and charges the mandate.
    const resumed = await api(phone.page, 'GET', `/v2/account/clients/subscriptions/${refill.id}`);
    assert.equal(resumed.state, 'active');
    if (!MAIL_DIR) return; // the server's database and e-mail folder are the test command's
    execFileSync(join(REPO, '.venv/bin/python'), ['-m', 'server.manage', 'subscriptions_run', '--today', resumed.next_parcel_on], {
      cwd: REPO,
      env: process.env,
    });
    await laptop.page.reload();
    const history = laptop.page.getByRole('table', { name: refills.history.title });
    await history.getByRole('row').filter({ hasText: refills['parcel-state'].paid }).nth(1).waitFor({ timeout: LIVE_MS });
    const after = await api(laptop.page, 'GET', `/v2/account/clients/subscriptions/${refill.id}`);
    assert.equal(after.parcels.length, 2);
    assert.deepEqual(
      after.parcels.map((parcel) => parcel.state),
      ['paid', 'paid'],
    );
    const [, second] = after.parcels.map((parcel) => parcel.order_number).sort();
    await mailWith([second]);
    assert.deepEqual(phone.errors, []);
    assert.deepEqual(laptop.errors, []);
  });
});
