// Earnings live: the certified practitioner has the earnings page open on the laptop; on the phone the demo
// client buys the protocol the practitioner shared with them and pays it on the test provider. Without a
// reload the laptop's ledger shows the new entry for that order, and this month's bar of the chart (and its
// table) moves by what the order earned.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale } from './browser.mjs';
import { api, LIVE_MS, openDevice, openLive, signIn } from './devices.mjs';

const earnings = locale('en', 'earnings');
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));
const NL_ADDRESS = { first_name: 'Chloe', last_name: 'Bennett', line1: 'Damrak 1', city: 'Amsterdam', postcode: '1012LG', country: 'NL' };

/** The cents of a money text as the page writes it for EUR (de-DE: "1.234,56 €"). */
const cents = (text) => Number(text.replace(/[^\d,-]/g, '').replace(',', ''));

/** Places the client's cart as an order (keyed, as the checkout page does) and pays it on the test provider. */
async function buyAndPay(page) {
  return page.evaluate(
    async ({ address, key }) => {
      const { value } = JSON.parse(globalThis.localStorage.getItem(key));
      const headers = { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${value.accessToken}` };
      const methods = await (await fetch('/api/v2/checkout/shipping-methods?country=NL', { headers })).json();
      const placed = await fetch('/api/v2/checkout/orders', {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({ shipping_address: address, shipping_method_id: methods[0].id }),
      });
      const order = await placed.json();
      if (placed.status !== 201) throw new Error(`checkout answered ${placed.status}: ${JSON.stringify(order)}`);
      const paymentId = order.payment_url.split('/').pop();
      const paid = await fetch(`/api/v2/payments/test/${paymentId}`, { method: 'POST', headers, body: JSON.stringify({ outcome: 'paid' }) });
      if (!paid.ok) throw new Error(`the test provider answered ${paid.status}`);
      return order.number;
    },
    { address: NL_ADDRESS, key: 'practitioner-supplements:tokens' },
  );
}

describe('earnings live', () => {
  let laptop;
  let phone;

  before(async () => {
    [laptop, phone] = await Promise.all([openDevice(), openDevice()]);
    await signIn(laptop.page, 'certified@demo.shop');
    await signIn(phone.page, 'client@demo.shop');
  });

  after(async () => {
    await laptop?.browser.close();
    await phone?.browser.close();
  });

  test("a client's payment shows on the practitioner's open earnings page without a reload", async () => {
    // The client's cart holds only the shared protocol; an unpaid order of an earlier run would refuse it.
    const shared = await api(phone.page, 'GET', '/v2/account/clients/protocols');
    assert.ok(shared.length > 0);
    // Shared by the certified practitioner, whose client the demo client is.
    const [protocol] = shared;
    await api(phone.page, 'DELETE', '/v2/storefront/cart');
    const { data: orders } = await api(phone.page, 'GET', '/v2/account/orders?page=1&limit=100');
    for (const order of orders.filter((entry) => entry.state === 'awaiting_payment')) {
      await api(phone.page, 'POST', `/v2/account/orders/${order.number}/cancel`);
    }
    await api(phone.page, 'POST', `/v2/storefront/cart/protocols/${protocol.protocol_id}`);

    // The practitioner's earnings page, open and connected (marked: a reload would drop the mark).
    const { page } = laptop;
    await openLive(laptop, `${BASE_URL}/en/account/practitioner/earnings`);
    await page.getByRole('heading', { level: 1, name: earnings.title }).waitFor();
    const euro = page.getByRole('region', { name: fill(earnings.currency.title, { currency: 'EUR' }) });
    await euro.getByRole('img', { name: fill(earnings.chart.label, { currency: 'EUR' }) }).waitFor();
    await page.evaluate(() => {
      globalThis.__earningsE2eDocument = true;
    });
    const table = euro.getByRole('table', { name: fill(earnings.chart['table-caption'], { currency: 'EUR' }) });
    // The last row is this month (the server's twelve months, oldest first).
    const thisMonth = table.locator('tbody tr').last().locator('td').first();
    const earnedBefore = cents(await thisMonth.innerText());
    const barsBefore = await page.evaluate(() => globalThis.document.querySelector('.earnings-chart__plot canvas')?.toDataURL());
    const ledger = page.getByRole('region', { name: earnings.ledger.title });

    // The client pays on the phone.
    const number = await buyAndPay(phone.page);

    // The laptop's ledger shows the order's entry, and the chart's month moved by what it earned.
    const entry = ledger.getByRole('row').filter({ hasText: fill(earnings.ledger.order, { number }) }).first();
    await entry.waitFor({ timeout: LIVE_MS });
    await entry.getByText(earnings.ledger.kinds.earned).waitFor();
    const { data: entries } = await api(page, 'GET', '/v2/account/practitioners/earnings/ledger?page=1&limit=100');
    const earned = entries
      .filter((row) => row.order_number === number && row.kind === 'earned')
      .reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0);
    assert.ok(earned > 0, 'the order earned commission');
    await page.waitForFunction(
      ({ expected }) => {
        const rows = globalThis.document.querySelectorAll('.earnings-chart table tbody tr');
        const cell = rows[rows.length - 1]?.querySelector('td');
        return cell && Number(cell.textContent.replace(/[^\d,-]/g, '').replace(',', '')) === expected;
      },
      { expected: earnedBefore + earned },
      { timeout: LIVE_MS },
    );
    const barsAfter = await page.evaluate(() => globalThis.document.querySelector('.earnings-chart__plot canvas')?.toDataURL());
    assert.notEqual(barsAfter, barsBefore, 'the chart was drawn again with the new month');
    assert.equal(await page.evaluate(() => globalThis.__earningsE2eDocument), true);
    assert.deepEqual(laptop.errors, []);
    assert.deepEqual(phone.errors, []);
  });
});
