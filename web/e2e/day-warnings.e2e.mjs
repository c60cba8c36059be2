// The builder's live warnings (docs/decisions/0043-the-day-schedule.md): one practitioner on two devices
// with a protocol of iron and calcium at breakfast; the other device's "Timing and interactions" panel shows
// the iron–calcium spacing warning, and clears it within the live budget once one device moves the calcium
// to dinner in the day grid: worked out in the browser from the live document, no server round trip.
// "Arrange the day" on one device proposes moving one of the two; applying it writes the live document, and
// both devices' grids and warnings follow, as does the server's reply.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale } from './browser.mjs';
import { api, LIVE_MS, openDevice, signIn } from './devices.mjs';

const builder = locale('en', 'builder');
const PRACTITIONER = 'certified@demo.shop';
const IRON = 'Gentle Iron 20mg';
// "Calcium & Magnesium" is beyond the first 120 demo products the browser tests seed (`seed_demo
// --products 120`); "Calcium Citrate 300mg" is among them, with calcium in its facts as well.
const CALCIUM = ['Calcium & Magnesium', 'Calcium Citrate 300mg'];
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

/**
 * The first of the demo products named `labels` the storefront search finds (a name may add the form,
 * "… Tablets") whose supplement facts hold `nutrient`, and the variant they are for.
 */
async function demoProduct(page, labels, nutrient) {
  for (const label of labels) {
    const found = await api(page, 'POST', `/v2/storefront/search?query=${encodeURIComponent(label)}`, {});
    for (const hit of found.hits.filter((product) => product.name.startsWith(label) && product.is_available)) {
      const detail = await api(page, 'GET', `/v2/storefront/products/${hit.slug}`);
      const facts = detail.supplement_facts.find((item) => item.nutrients.some((row) => row.nutrient === nutrient));
      if (facts) return { name: detail.name, variantId: facts.product_variant_id };
    }
  }
  return assert.fail(`the demo catalogue has one of ${labels.join(', ')} with ${nutrient}`);
}

/** A new protocol of the page's practitioner: the iron and the calcium product, both one at breakfast. */
async function ironAndCalcium(page) {
  const iron = await demoProduct(page, [IRON], 'iron');
  const calcium = await demoProduct(page, CALCIUM, 'calcium');
  const created = await api(page, 'POST', '/v2/account/practitioners/protocols/create', {
    name: `Iron and calcium ${Date.now()}`,
    description: 'Made by the browser tests.',
  });
  const id = created.protocol_id ?? created.id;
  for (const { variantId } of [iron, calcium]) {
    await api(page, 'POST', `/v2/account/practitioners/protocols/${id}/products`, {
      product_variant_id: variantId,
      quantity: 1,
      schedule: { slots: { breakfast: 1 } },
    });
  }
  return { id, iron, calcium };
}

const panel = (page) => page.getByRole('region', { name: builder.warnings.title });

/** The iron–calcium warning in the page's panel, by its name: its severity and products (`products`, listed). */
const spacingWarning = (page, products) =>
  panel(page).getByRole('listitem', {
    name: fill(builder.warnings['item-label'], { severity: builder.warnings.severity.caution, products }),
    exact: true,
  });

/** The value of a cell of the day grid, as its textbox shows it ('' when empty). */
async function cellIs(page, name, slot, value) {
  const box = page.getByRole('textbox', { name: fill(builder.schedule.cell, { name, slot }) });
  await box.waitFor({ timeout: LIVE_MS });
  await page.waitForFunction(([input, want]) => input.value === want, [await box.elementHandle(), value], { timeout: LIVE_MS });
}

describe('the builder’s day warnings, live', () => {
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

  test("a slot moved on one device clears the other's spacing warning", async () => {
    const { id, iron, calcium } = await ironAndCalcium(a.page);
    // The server says the same before anything moves: iron and calcium together at breakfast.
    const before = await api(a.page, 'GET', `/v2/account/practitioners/protocols/${id}/interactions`);
    const rule = before.rules.find((item) => item.id === 'iron-calcium');
    assert.ok(before.warnings.some((warning) => warning.rule_id === 'iron-calcium'), 'the server warns too');
    const protocol = await api(a.page, 'GET', `/v2/account/practitioners/protocols/${id}`);
    // The warning names its products in the protocol's order (newest first).
    const products = new Intl.ListFormat('en', { type: 'conjunction' }).format(
      protocol.products.map((line) => line.name).filter((name) => name === iron.name || name === calcium.name),
    );

    const path = `${BASE_URL}/en/account/practitioner/protocols/${id}`;
    await Promise.all([a.page.goto(path), b.page.goto(path)]);
    for (const device of [a, b]) await device.page.getByText(builder.connection.live).waitFor({ timeout: LIVE_MS });
    const spacing = (page) => spacingWarning(page, products);
    await spacing(b.page).waitFor({ timeout: LIVE_MS });
    await spacing(b.page).getByText(rule.advice).waitFor();
    await spacing(b.page).getByText(fill(builder.warnings.source, { source: rule.source })).waitFor();
    await b.page.screenshot({ path: join(tmpdir(), 'e2e-day-warnings-before.png'), fullPage: true });

    // On A, with the grid: + on Calcium's Dinner cell, then − on its Breakfast cell until it is empty (a
    // quarter at a time; the last quarter may go since dinner has servings now).
    const breakfast = builder.schedule.slots.breakfast;
    const dinner = builder.schedule.slots.dinner;
    await a.page.getByRole('button', { name: fill(builder.schedule['cell-increase'], { name: calcium.name, slot: dinner }) }).click();
    await cellIs(a.page, calcium.name, dinner, '1');
    const less = a.page.getByRole('button', { name: fill(builder.schedule['cell-decrease'], { name: calcium.name, slot: breakfast }) });
    for (const left of ['0.75', '0.5', '0.25']) {
      await less.click();
      await cellIs(a.page, calcium.name, breakfast, left);
    }
    // Still together at breakfast until its last quarter goes.
    assert.equal(await spacing(b.page).count(), 1);
    const started = Date.now();
    await less.click();
    await spacing(b.page).waitFor({ state: 'detached', timeout: LIVE_MS });
    const cleared = Date.now() - started;
    console.log(`the other device's spacing warning cleared ${cleared} ms after the move`);
    assert.ok(cleared < LIVE_MS, `the other device's warning cleared in ${cleared} ms`);
    await panel(b.page).getByText(builder.warnings.none).waitFor({ timeout: LIVE_MS });
    await cellIs(b.page, calcium.name, dinner, '1');
    await cellIs(b.page, calcium.name, breakfast, '');

    // The relational protocol follows the document, and the server's warnings with it.
    const deadline = Date.now() + LIVE_MS;
    let warned;
    for (;;) {
      const after = await api(a.page, 'GET', `/v2/account/practitioners/protocols/${id}/interactions`);
      warned = after.warnings.some((warning) => warning.rule_id === 'iron-calcium');
      if (!warned || Date.now() > deadline) break;
      await a.page.waitForTimeout(200);
    }
    assert.equal(warned, false, "the server's warnings follow the document");
    await b.page.screenshot({ path: join(tmpdir(), 'e2e-day-warnings-after.png'), fullPage: true });
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });

  test("'Arrange the day' on one device moves a line in both devices' grids and clears the warning", async () => {
    const { id, iron, calcium } = await ironAndCalcium(a.page);
    const protocol = await api(a.page, 'GET', `/v2/account/practitioners/protocols/${id}`);
    const names = protocol.products.map((line) => line.name);
    const products = new Intl.ListFormat('en', { type: 'conjunction' }).format(names);
    const path = `${BASE_URL}/en/account/practitioner/protocols/${id}`;
    await Promise.all([a.page.goto(path), b.page.goto(path)]);
    for (const device of [a, b]) {
      await device.page.getByText(builder.connection.live).waitFor({ timeout: LIVE_MS });
      await spacingWarning(device.page, products).waitFor({ timeout: LIVE_MS });
    }

    await b.page.getByRole('button', { name: builder.warnings.arrange }).click();
    const proposal = b.page.getByRole('group', { name: builder.warnings.proposal });
    const moves = proposal.getByRole('list', { name: builder.warnings.moves }).getByRole('listitem');
    await moves.first().waitFor({ timeout: LIVE_MS });
    // The fewest lines move: one of the two, away from breakfast.
    assert.equal(await moves.count(), 1);
    const move = await moves.first().innerText();
    const moved = [iron, calcium].find((product) => move.startsWith(`${product.name}: ${builder.schedule.slots.breakfast} → `));
    assert.ok(moved, `the proposal moves one of the two from breakfast: ${move}`);
    await proposal.getByRole('button', { name: builder.warnings.apply }).click();

    for (const device of [b, a]) {
      await spacingWarning(device.page, products).waitFor({ state: 'detached', timeout: LIVE_MS });
      await cellIs(device.page, moved.name, builder.schedule.slots.breakfast, '');
    }
    const deadline = Date.now() + LIVE_MS;
    let warned;
    for (;;) {
      const after = await api(a.page, 'GET', `/v2/account/practitioners/protocols/${id}/interactions`);
      warned = after.warnings.some((warning) => warning.rule_id === 'iron-calcium');
      if (!warned || Date.now() > deadline) break;
      await a.page.waitForTimeout(200);
    }
    assert.equal(warned, false, 'the arranged day is saved');
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });
});
