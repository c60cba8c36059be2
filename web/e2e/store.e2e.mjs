// The practitioner store (docs/decisions/0014-practitioner-stores-on-the-web-store-editor.md): a practitioner
// builds the store in the editor (shop name checked as it is typed, header, about, two services, a header
// image), then a signed-out visitor opens its public page.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { deflateSync } from 'node:zlib';

import { BASE_URL, locale, openBrowser } from './browser.mjs';
import { api, LIVE_MS, openDevice, signIn } from './devices.mjs';

const texts = locale('en', 'store-editor');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PRACTITIONER = 'practitioner@demo.shop';
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

/** CRC-32 of PNG chunks (the polynomial of the PNG specification). */
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small RGB PNG (a green-to-white gradient), made here rather than read from anywhere. */
function png(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const shade = Math.round((255 * x) / (width - 1));
      row.set([31 + Math.round((shade * 224) / 255), 95 + Math.round((shade * 160) / 255), 74 + Math.round((shade * 181) / 255)], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Clicks a section's Save and waits until it is saved (Save off again, no longer "Saving…"). */
async function saveSection(page, region) {
  const save = region.getByRole('button', { name: texts.action.save });
  await save.click();
  await page.waitForFunction(
    ([button, label]) => button.disabled && button.textContent === label,
    [await save.elementHandle(), texts.action.save],
    { timeout: LIVE_MS },
  );
}

describe('practitioner store', () => {
  let device;
  const stamp = Date.now().toString(36);
  const shopName = `e2e-store-${stamp}`;
  const title = `Okafor Nutrition ${stamp}`;
  const services = [`First consultation ${stamp}`, `Follow-up session ${stamp}`];

  before(async () => {
    device = await openDevice();
    await signIn(device.page, PRACTITIONER);
  });

  after(async () => {
    await device?.browser.close();
  });

  test('a practitioner builds the store in the editor, and a signed-out visitor sees it', async () => {
    const { page } = device;
    await page.goto(`${BASE_URL}/en/account/practitioner/store`);
    await page.getByRole('heading', { level: 1, name: texts.title }).waitFor({ timeout: LIVE_MS });
    // practitioner@ may or may not have a store yet in this database: create it when the step shows.
    const create = page.getByRole('button', { name: texts.create.submit });
    const shop = page.getByRole('region', { name: texts['shop-name'].title });
    await Promise.race([create.waitFor({ timeout: LIVE_MS }), shop.waitFor({ timeout: LIVE_MS })]);
    if (await create.isVisible()) await create.click();

    // The shop name, checked as it is typed.
    await shop.getByLabel(texts['shop-name'].label).fill(shopName);
    await shop.getByText(fill(texts['shop-name'].available, { name: shopName })).waitFor({ timeout: LIVE_MS });
    await shop.getByRole('button', { name: texts.action.save }).click();
    // The link to the page follows the saved name (the demo store may already have had another one).
    const view = shop.getByRole('link', { name: texts['shop-name'].view });
    await page.waitForFunction(
      ([link, want]) => link.getAttribute('href') === want,
      [await view.elementHandle(), `/en/store/${shopName}`],
      { timeout: LIVE_MS },
    );

    // Header and about, each saved on its own.
    const header = page.getByRole('region', { name: texts.header.title });
    await header.getByLabel(texts.field.title).fill(title);
    await header.getByLabel(texts.field.description).fill('Food first, then the right supplements.');
    await saveSection(page, header);
    const about = page.getByRole('region', { name: texts.about.title });
    await about.getByLabel(texts.field.title).fill(`About Ada Okafor ${stamp}`);
    await about.getByLabel(texts.field.description).fill('Twenty years of nutrition practice in Leeds.');
    await saveSection(page, about);

    // Two services, added one after the other.
    const servicesRegion = page.getByRole('region', { name: texts.services.title });
    const add = servicesRegion.getByRole('form', { name: texts.services['add-title'] });
    for (const name of services) {
      await add.getByLabel(texts.services.name).fill(name);
      await add.getByLabel(texts.services.description).fill(`${name}: what happens there.`);
      await add.getByRole('button', { name: texts.services.add }).click();
      await servicesRegion.getByRole('form', { name }).waitFor({ timeout: LIVE_MS });
    }

    // A header image: the file goes up and the stored (re-encoded) image shows.
    const picture = header.getByRole('group', { name: texts.image.header });
    await picture.locator('input[type=file]').setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: png(64, 32) });
    const current = picture.getByRole('img', { name: fill(texts.image.current, { label: texts.image.header }) });
    await current.waitFor({ timeout: LIVE_MS });
    assert.match(await current.getAttribute('src'), /^\/media\/stores\/[^/]+\.webp$/);

    // The server holds it all.
    const saved = await api(page, 'GET', '/v2/account/store');
    assert.equal(saved.shop_name, shopName);
    assert.equal(saved.header.title, title);
    assert.equal(saved.about.title, `About Ada Okafor ${stamp}`);
    assert.deepEqual(saved.services.map((item) => item.name).slice(-2), services);
    assert.match(saved.header.image, /^\/media\/stores\/[^/]+\.webp$/);
    assert.deepEqual(device.errors, []);

    // The public page, signed out, in a fresh browser (built in the store-page feature): the header title
    // is the h1, each filled section has an h2, and the services show their names.
    const visitor = await openBrowser({ locale: 'en-US' });
    try {
      const publicPage = visitor.context.pages()[0] ?? (await visitor.context.newPage());
      await publicPage.goto(`${BASE_URL}/en/store/${shopName}`);
      await publicPage.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: LIVE_MS });
      assert.ok((await publicPage.getByRole('heading', { level: 2 }).count()) >= 2);
      for (const name of services) await publicPage.getByText(name, { exact: true }).first().waitFor({ timeout: LIVE_MS });
    } finally {
      await visitor.close();
    }
  });

  test('the editor has no serious or critical axe-core violation', async () => {
    const browser = await openBrowser({ bypassCSP: true });
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await signIn(page, PRACTITIONER);
      await page.goto(`${BASE_URL}/en/account/practitioner/store`);
      await page.getByRole('region', { name: texts.services.title }).waitFor({ timeout: LIVE_MS });
      await page.waitForLoadState('networkidle');
      await page.addScriptTag({ path: AXE });
      const found = await page.evaluate(async () => {
        const result = await globalThis.axe.run(globalThis.document, { resultTypes: ['violations'] });
        return result.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      });
      assert.deepEqual(found, []);
    } finally {
      await browser.close();
    }
  });
});
