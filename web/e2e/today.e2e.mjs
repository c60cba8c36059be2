// The client's day (docs/decisions/0043-the-day-schedule.md): the practitioner shares a protocol whose one
// product is taken at lunch; the client opens the Today page, taps "Taken" on the lunch slot and sees it
// recorded; the practitioner's practice hub, open meanwhile, shows it taken in the client's heatmap without a
// reload, and the practitioner's adherence call answers it. axe-core finds no serious or critical violation
// on the Today page, the medicines page and the hub with the heatmap.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale, openBrowser } from './browser.mjs';
import { api, LIVE_MS, openDevice, openLive, signIn } from './devices.mjs';

const today = locale('en', 'today');
const practice = locale('en', 'practice');
const PRACTITIONER = 'certified@demo.shop';
const CLIENT = 'client@demo.shop';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

describe('the Today page', () => {
  let practitioner;
  let phone;

  before(async () => {
    [practitioner, phone] = await Promise.all([openDevice(), openDevice()]);
    await signIn(practitioner.page, PRACTITIONER);
    await signIn(phone.page, CLIENT);
  });

  after(async () => {
    await practitioner?.browser.close();
    await phone?.browser.close();
  });

  test("a tap checks the lunch slot in, seen by the practitioner's hub live and by their adherence call", async () => {
    // A protocol of one product anyone may buy, taken at lunch, shared with the client.
    const { data } = await api(practitioner.page, 'GET', '/v2/storefront/products?limit=100');
    const product = data.find((candidate) => !candidate.practitioner_only && candidate.is_available);
    assert.ok(product, 'the demo catalogue has a product for anyone');
    const name = `Day ${Date.now()}`;
    const made = await api(practitioner.page, 'POST', '/v2/account/practitioners/protocols/create', {
      name,
      description: 'Made by the browser tests.',
    });
    const protocolId = made.protocol_id ?? made.id;
    await api(practitioner.page, 'POST', `/v2/account/practitioners/protocols/${protocolId}/products`, {
      product_variant_id: product.variants[0].id,
      quantity: 1,
      schedule: { slots: { lunch: 1 }, with_food: 'with' },
    });
    const clients = await api(practitioner.page, 'POST', '/v2/account/practitioners/clients', { keyword: 'client@demo' });
    const client = clients.clients.find((entry) => entry.email === CLIENT);
    await api(practitioner.page, 'POST', '/v2/account/practitioners/protocols/assign', {
      id: protocolId,
      user_id: client.id,
      discount: 0,
      limit_reason: 'Browser test',
      warning_reason: 'Browser test',
    });

    // The practitioner has the hub open: the client's heatmap for the new protocol, today's lunch still open.
    await openLive(practitioner, `${BASE_URL}/en/account/practitioner`);
    const clientName = `${client.first_name} ${client.last_name}`.trim() || client.email;
    const heatmap = practitioner.page.getByRole('table', { name: fill(practice.adherence.heatmap, { client: clientName, protocol: name }) });
    await heatmap.waitFor({ timeout: LIVE_MS });
    const todayRow = heatmap.getByRole('row').last();
    await todayRow.getByRole('cell', { name: practice.adherence.state.pending }).waitFor();

    // The client opens their day and taps "Taken" at lunch.
    const { page } = phone;
    await openLive(phone, `${BASE_URL}/en/account/today`);
    await page.getByRole('heading', { level: 1, name: today.title }).waitFor();
    const lunch = page.getByRole('region', { name: today.slots.lunch });
    await lunch.getByText(fill(today.item.protocol, { name })).waitFor();
    const checkedIn = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v2/account/clients/check-ins' && response.request().method() === 'POST',
    );
    await lunch.getByRole('button', { name: today.actions.taken, exact: true }).click();
    const answer = await checkedIn;
    assert.equal(answer.status(), 200, await answer.text());
    const body = JSON.parse(answer.request().postData() ?? '{}');
    assert.equal(body.slot, 'lunch');
    assert.equal(body.state, 'taken');
    // Pressed once every protocol of the slot is recorded as taken, and said in words.
    await lunch.getByRole('button', { name: today.actions.taken, exact: true, pressed: true }).waitFor();
    await lunch.getByText(today.state.taken, { exact: true }).waitFor();

    // The practitioner's hub follows without a reload, and their adherence call says the same.
    await todayRow.getByRole('cell', { name: practice.adherence.state.taken }).waitFor({ timeout: LIVE_MS });
    assert.ok(practitioner.frames.some((frame) => frame.type === 'event' && frame.topic === 'adherence.updated'));
    const adherence = await api(practitioner.page, 'GET', `/v2/account/practitioners/clients/${client.id}/adherence?days=7`);
    const mine = adherence.protocols.find((entry) => entry.protocol_id === protocolId);
    assert.ok(mine, 'the new protocol is in the adherence');
    assert.equal(mine.days.at(-1).slots.lunch, 'taken');
    assert.equal(mine.taken, 1);
    assert.deepEqual(phone.errors, []);
    assert.deepEqual(practitioner.errors, []);
  });

  test('no serious or critical axe violation on the Today, medicines and practice pages', async () => {
    const browser = await openBrowser({ bypassCSP: true });
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      const found = [];
      const check = async (label) => {
        await page.waitForLoadState('networkidle');
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async () => {
          const result = await globalThis.axe.run(globalThis.document, { resultTypes: ['violations'] });
          return result.violations
            .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
            .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        });
        found.push(...violations.map((violation) => `${label} ${violation}`));
      };

      await signIn(page, CLIENT);
      await page.goto(`${BASE_URL}/en/account/today`);
      await page.getByRole('region', { name: today.slots.lunch }).waitFor();
      await check('today');
      await page.goto(`${BASE_URL}/en/account/medicines`);
      await page.getByRole('heading', { level: 1, name: locale('en', 'medicines').title }).waitFor();
      await check('medicines');

      await signIn(page, PRACTITIONER);
      await page.goto(`${BASE_URL}/en/account/practitioner`);
      await page.getByRole('region', { name: practice.adherence.title }).getByRole('table').first().waitFor({ timeout: LIVE_MS });
      await check('practice');
      assert.deepEqual(found, []);
    } finally {
      await browser.close();
    }
  });
});
