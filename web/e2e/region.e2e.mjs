// Code passed to page.evaluate and waitForFunction runs in the browser.
/* global document */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';

import { BASE_URL, locale, openBrowser } from './browser.mjs';

const common = locale('en', 'common');
const catalog = locale('en', 'catalog');

describe('regional notice and old store URLs', () => {
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.unroute('**/api/v2/account/geoip');
    // Our server cannot place 127.0.0.1 in a country; the browser is told it is in the UK instead.
    await page.route('**/api/v2/account/geoip', (route) =>
      route.fulfill({ json: { country: 'United Kingdom', country_code: 'GB' } }),
    );
    await page.goto(`${BASE_URL}/en`);
    await page.evaluate(() => localStorage.clear());
  });

  const notice = () => page.getByRole('dialog', { name: common.region['notice-title'] });
  const firstPrice = () => page.locator('.product-card__price').first();

  test('a GB visitor is offered the UK store; accepting shows pounds, and the choice survives a reload', async () => {
    await page.goto(`${BASE_URL}/en/products`);
    await notice().waitFor();
    assert.match((await firstPrice().textContent()) ?? '', /^\d+,\d{2}\s€$/);

    await page.getByRole('button', { name: common.region['notice-accept'] }).click();
    await notice().waitFor({ state: 'detached' });
    await page.waitForFunction(() => /£\d+\.\d{2}/.test(document.querySelector('.product-card__price')?.textContent ?? ''));

    await page.reload();
    await firstPrice().waitFor();
    assert.match((await firstPrice().textContent()) ?? '', /£\d+\.\d{2}/);
    assert.equal(await notice().count(), 0);
  });

  test('a dismissal keeps the EU store and the notice away on the next page', async () => {
    await page.goto(`${BASE_URL}/en/products`);
    await page.getByRole('button', { name: common.region['notice-dismiss'] }).click();
    await notice().waitFor({ state: 'detached' });
    await page.reload();
    await firstPrice().waitFor();
    assert.equal(await notice().count(), 0);
    assert.match((await firstPrice().textContent()) ?? '', /^\d+,\d{2}\s€$/);
  });

  test('an old collection URL opens the list filtered by that category, newest first', async () => {
    await page.goto(`${BASE_URL}/collections/minerals`);
    await page.waitForURL(/\/en\/products\?/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('order_by'), 'id');
    assert.equal(url.searchParams.get('order'), 'desc');
    const categoryId = url.searchParams.get('categories');
    assert.match(categoryId ?? '', /^\d+$/);
    const categories = page.getByRole('group', { name: catalog.filters.groups.categories });
    assert.ok(await categories.getByRole('checkbox', { name: /^Minerals/ }).isChecked());
  });
});
