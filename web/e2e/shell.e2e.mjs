import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';

import { BASE_URL, locale, openBrowser } from './browser.mjs';

const en = locale('en');
const de = locale('de');
const fr = locale('fr');
const frAuth = locale('fr', 'auth');
const SCREENSHOT = join(tmpdir(), 'e2e-shell.png');

describe('app shell', () => {
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
  const path = () => new URL(page.url()).pathname + new URL(page.url()).search;

  test('/en shows the English header and home page', async () => {
    await page.goto(`${BASE_URL}/en`);
    await h1().filter({ hasText: en.home.title }).waitFor();
    const header = page.getByRole('banner');
    assert.equal(await header.getByRole('link', { name: en.shop.name }).getAttribute('href'), '/en');
    const nav = page.getByRole('navigation', { name: en.nav.label });
    assert.equal(await nav.getByRole('link', { name: en.nav.products }).getAttribute('href'), '/en/products');
    const signIn = header.getByRole('link', { name: locale('en', 'auth').session['sign-in'] });
    assert.equal(await signIn.getAttribute('href'), '/en/login');
    const languageMenu = page.getByRole('combobox', { name: en.language.label });
    assert.equal((await languageMenu.textContent()).trim(), 'English');
    assert.equal(await languageMenu.locator('svg[data-flag="gb"]').isVisible(), true);
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    await page.screenshot({ path: SCREENSHOT });
    assert.deepEqual(pageErrors, []);
  });

  test('/ redirects to the detected language', async () => {
    await page.goto(`${BASE_URL}/`);
    await h1().filter({ hasText: en.home.title }).waitFor();
    assert.equal(path(), '/en');
  });

  test('a path without language and an old store URL get the language prefix', async () => {
    await page.goto(`${BASE_URL}/products`);
    await h1().filter({ hasText: locale('en', 'catalog').title }).waitFor();
    assert.equal(path(), '/en/products');

    await page.goto(`${BASE_URL}/collections/immune-support`);
    await page.waitForURL((url) => url.pathname === '/en/products' && url.search !== '');
    assert.equal(path(), '/en/products?order_by=id&order=desc');
  });

  test('/de/does-not-exist shows the German not-found page', async () => {
    await page.goto(`${BASE_URL}/de/does-not-exist`);
    await h1().filter({ hasText: de['not-found'].title }).waitFor();
    assert.equal(path(), '/de/does-not-exist');
    assert.equal(await page.getByRole('link', { name: de['not-found'].home }).getAttribute('href'), '/de');
    assert.equal(await page.getByRole('link', { name: de.nav.products }).getAttribute('href'), '/de/products');
    assert.deepEqual(pageErrors, []);
  });

  test('the language switcher changes the URL prefix and the text', async () => {
    await page.goto(`${BASE_URL}/en/products?order=desc`);
    await h1().filter({ hasText: locale('en', 'catalog').title }).waitFor();

    await page.getByRole('combobox', { name: en.language.label }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await h1().filter({ hasText: locale('fr', 'catalog').title }).waitFor();
    assert.equal(path(), '/fr/products?order=desc');
    // The sign-in link brings the visitor back to this page afterwards.
    // The header re-renders for the new language a moment after the heading: wait for the link to follow.
    const signIn = page.getByRole('link', { name: frAuth.session['sign-in'] });
    await page.waitForFunction(
      (expected) => [...globalThis.document.querySelectorAll('a')].some((a) => a.getAttribute('href') === expected),
      '/fr/login?next=%2Fproducts%3Forder%3Ddesc',
    );
    assert.equal(await signIn.getAttribute('href'), '/fr/login?next=%2Fproducts%3Forder%3Ddesc');
    assert.equal(await page.locator('html').getAttribute('lang'), 'fr');

    // The choice is remembered: a path without language now goes to French.
    await page.goto(`${BASE_URL}/account`);
    await h1().filter({ hasText: fr.account.title }).waitFor();
    assert.equal(path(), '/fr/account');
  });
});
