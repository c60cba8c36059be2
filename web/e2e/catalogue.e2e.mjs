// Code passed to page.evaluate / waitForFunction runs in the browser.
/* global window, document */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, beforeEach, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';

import { BASE_URL, locale, openBrowser } from './browser.mjs';

const en = locale('en', 'catalog');
const de = locale('de', 'catalog');
const enSearch = locale('en', 'search');
const builder = locale('en', 'builder');
const DIST = new URL('../dist/', import.meta.url);
/** docs/architecture.md, "Performance budget": the first load of the product list stays within 200 KiB of compressed JavaScript. */
const JS_BUDGET = 200 * 1024;

/** "Products found: {{count}}" as a pattern that captures the number. */
const countPattern = (template) => new RegExp(template.replace('{{count}}', '(\\d+)'));

describe('catalogue', () => {
  let browser;
  let page;
  let pageErrors;

  before(async () => {
    browser = await openBrowser({ locale: 'en-US' });
  });

  after(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    await browser.context.clearCookies();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    pageErrors = [];
    page.removeAllListeners('pageerror');
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  const h1 = () => page.getByRole('heading', { level: 1 });
  const cards = () => page.locator('.product-grid > li');
  const firstCardName = () => cards().first().locator('.product-card__name').textContent();
  const productCount = async (template = en.results.count) => {
    const text = await page.locator('.catalog__count').textContent();
    return Number(countPattern(template).exec(text ?? '')?.[1]);
  };

  test('browse the list, filter, go to page 2 and open a product', async () => {
    await page.goto(`${BASE_URL}/en/products`);
    await h1().filter({ hasText: en.title }).waitFor();
    await cards().first().waitFor();
    assert.equal(await cards().count(), 26);
    const total = await productCount();
    assert.ok(total > 26, `expected more than one page, got ${total}`);
    assert.match((await cards().first().locator('.product-card__price').textContent()) ?? '', /^\d+,\d{2}\s€$/);

    // A filter writes the URL (replacing the entry) and narrows the list.
    const historyLength = await page.evaluate(() => window.history.length);
    const brands = page.getByRole('group', { name: en.filters.groups.brands });
    const brand = brands.getByRole('checkbox').first();
    const brandLabel = (await brands.locator('.filter-option').first().textContent()) ?? '';
    const expected = Number(/(\d+)\s*$/.exec(brandLabel)?.[1]);
    await brand.check();
    await page.waitForURL((url) => /^\d+$/.test(url.searchParams.get('brands') ?? ''));
    await page.waitForFunction((n) => document.querySelector('.catalog__count')?.textContent?.includes(String(n)), expected);
    assert.equal(await productCount(), expected);
    assert.equal(await page.evaluate(() => window.history.length), historyLength);

    // Unticking leaves the group as an empty value.
    await brand.uncheck();
    await page.waitForURL((url) => url.searchParams.get('brands') === '');
    await page.waitForFunction((n) => document.querySelector('.catalog__count')?.textContent?.includes(String(n)), total);

    const firstOnPageOne = await firstCardName();
    await page.getByRole('navigation', { name: en.pagination.label }).getByRole('button', { name: en.pagination.page.replace('{{page}}', '2') }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.waitForFunction(
      (name) => document.querySelector('.product-grid .product-card__name')?.textContent !== name,
      firstOnPageOne,
    );
    assert.notEqual(await firstCardName(), firstOnPageOne);

    const name = (await firstCardName()) ?? '';
    await cards().first().locator('a').click();
    await page.waitForURL((url) => url.pathname.startsWith('/en/products/'));
    await h1().filter({ hasText: name }).waitFor();
    await page.getByRole('button', { name: en.actions['add-to-cart'] }).waitFor();
    await page.getByRole('button', { name: en.actions['add-to-wishlist'] }).waitFor();
    // Signed out: the sign-in prompt links to the sign-in page.
    assert.equal(
      await page.locator('.product-actions__sign-in').getByRole('link').getAttribute('href'),
      '/en/login',
    );
    // The protocol builder's entry (the app fills the page's slot): a visitor sees it and is asked to sign in.
    await page.getByRole('button', { name: builder.add.button }).waitFor();
    assert.deepEqual(pageErrors, []);
  });

  test('hand-edited query strings still show products', async () => {
    await page.goto(`${BASE_URL}/en/products?brands=abc,99999&availability=7&order_by=nonsense&order=up&page=-3`);
    await h1().filter({ hasText: en.title }).waitFor();
    await cards().first().waitFor();
    assert.equal(await cards().count(), 26);
    assert.deepEqual(pageErrors, []);
  });

  test('an unknown product shows the not-found screen inside the shell', async () => {
    await page.goto(`${BASE_URL}/en/products/no-such-product`);
    await h1().filter({ hasText: en['not-found'].title }).waitFor();
    assert.equal(await page.getByRole('link', { name: en['not-found'].back }).getAttribute('href'), '/en/products');
    await page.getByRole('banner').waitFor();
  });

  test('a search with a typo finds products or suggests the right word', async () => {
    await page.goto(`${BASE_URL}/en/search-results?query=magnesum&per_page=12&page=1`);
    await h1().filter({ hasText: 'magnesum' }).waitFor();
    const suggestion = page.locator('.search-results__suggestion');
    const hits = page.locator('.search-results__grid > li');
    await Promise.race([suggestion.waitFor(), hits.first().waitFor()]);
    const suggested = (await suggestion.count()) > 0 ? await suggestion.getByRole('link').textContent() : null;
    assert.ok(suggested === 'magnesium' || (await hits.count()) > 0);
    assert.match((await hits.first().textContent()) ?? '', /magnesium/i);

    // The header box, once it is mounted in the site header.
    const box = page.getByRole('combobox', { name: enSearch.box.label });
    if ((await box.count()) > 0) {
      await page.goto(`${BASE_URL}/en/products`);
      await box.click();
      await box.fill('vitamn');
      await page.locator('.search-dropdown .search-row').first().waitFor();
      assert.match((await page.locator('.search-dropdown').textContent()) ?? '', /vitamin/i);
    }
    assert.deepEqual(pageErrors, []);
  });

  test('German text under /de', async () => {
    await page.goto(`${BASE_URL}/de/products`);
    await h1().filter({ hasText: de.title }).waitFor();
    await page.getByText(de.sort.label).waitFor();
    await page.getByRole('group', { name: de.filters.groups.brands }).waitFor();
    await cards().first().waitFor();
    assert.ok((await productCount(de.results.count)) > 0);
    assert.match((await cards().first().locator('.product-card__price').textContent()) ?? '', /\d+,\d{2}\s€/);
  });

  test(`the product list loads at most ${JS_BUDGET / 1024} KiB of compressed JavaScript`, async () => {
    await page.goto(`${BASE_URL}/en/products`);
    await cards().first().waitFor();
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    );
    let total = 0;
    for (const path of new Set(scripts)) {
      total += gzipSync(readFileSync(new URL(`.${path}`, DIST)), { level: 9 }).length;
    }
    console.log(`product list: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KiB gzip`);
    assert.ok(total <= JS_BUDGET, `${total} bytes of compressed JavaScript`);
  });
});
