import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { linkedProtocol } from '../features/client-protocols/testing/fixtures';
import { catalogHandlers } from '../features/products/testing/catalog-fixtures';
import { server } from '../testing/msw-server';
import { renderApp } from '../testing/render-app';

async function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

describe('top-level routing', () => {
  it('sends the root path to the default language', async () => {
    const { router } = await renderApp('/');
    await heading('Supplements chosen by practitioners');
    expect(router.state.location.pathname).toBe('/en');
  });

  it('adds the language to a path without one, keeping the query, and replaces the entry', async () => {
    const { router } = await renderApp('/products?brands=3');
    await heading('Products');
    expect(router.state.location.pathname).toBe('/en/products');
    expect(router.state.location.search).toBe('?brands=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('uses the language stored in the i18next cookie', async () => {
    document.cookie = 'i18next=de; path=/';
    const { router } = await renderApp('/products');
    await heading('Produkte');
    expect(router.state.location.pathname).toBe('/de/products');
  });

  it("uses the browser's language when there is no cookie", async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'fr']);
    const { router } = await renderApp('/');
    await heading('Des compléments choisis par des praticiens');
    expect(router.state.location.pathname).toBe('/fr');
  });

  it('replaces an unsupported language code and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = await renderApp('/sv/products?page=2');
    await heading('Products');
    expect(router.state.location.pathname).toBe('/en/products');
    expect(router.state.location.search).toBe('?page=2');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/sv/products'));
  });

  it('serves zh_tw from its own locale and makes i18next follow the URL', async () => {
    const { router, i18n } = await renderApp('/zh_tw/products');
    await heading('產品');
    expect(router.state.location.pathname).toBe('/zh_tw/products');
    expect(i18n.language).toBe('zh_tw');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(document.cookie).toContain('i18next=zh_tw');
  });

  it('routes a shareable protocol link for a signed-out visitor', async () => {
    server.use(http.get('*/api/v2/storefront/protocols/link/:token', () => HttpResponse.json(linkedProtocol())));
    await renderApp('/en/protocols/tok');
    await heading('Better sleep');
  });

  it("routes the client's protocols, which asks a visitor to sign in", async () => {
    await renderApp('/en/account/client/protocols');
    await heading('My protocols');
    expect(screen.getByText('Sign in to see the protocols your practitioner shared with you.')).toBeInTheDocument();
  });

  it('routes the back-in-stock alerts, which asks a visitor to sign in', async () => {
    await renderApp('/en/account/stock-alerts');
    await heading('Back-in-stock alerts');
    expect(screen.getByText('Sign in to see your back-in-stock alerts.')).toBeInTheDocument();
  });

  it("routes the practitioner's protocol page, which asks a visitor to sign in", async () => {
    await renderApp('/en/account/practitioner/protocols/7');
    await heading('Protocol');
    expect(screen.getByText('Protocols are for signed-in practitioners.')).toBeInTheDocument();
  });

  it('redirects old store URLs before adding the language', async () => {
    const { router } = await renderApp('/collections/immune-support');
    await heading('Products');
    expect(router.state.location.pathname).toBe('/en/products');
    expect(router.state.location.search).toBe('?order_by=id&order=desc');
  });

  it('redirects an old register URL to onboarding', async () => {
    const { router } = await renderApp('/account/register');
    await heading('Join as a practitioner');
    expect(router.state.location.pathname).toBe('/en/onboarding/register-as');
  });

  it.each([
    ['/en/onboarding/register-as', 'Join as a practitioner'],
    ['/en/login', 'Sign in'],
    ['/en/account/profile', 'Your account'],
    ['/it/products/omega-3', 'Prodotti'],
  ])('loads the section of %s', async (url, title) => {
    await renderApp(url);
    await heading(title);
  });

  it('shows a translated not-found page with a link home', async () => {
    const { router } = await renderApp('/de/does-not-exist');
    await heading('Seite nicht gefunden');
    expect(router.state.location.pathname).toBe('/de/does-not-exist');
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/de');
  });
});

describe('shell', () => {
  it('shows the shop name and language-prefixed navigation', async () => {
    await renderApp('/ja');
    await heading('施術者が選んだサプリメント');
    expect(screen.getByRole('link', { name: 'Practitioner Supplements' })).toHaveAttribute('href', '/ja');
    const nav = screen.getByRole('navigation', { name: 'メインナビゲーション' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '製品' })).toHaveAttribute('href', '/ja/products');
    expect(screen.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/ja/login');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('施術者とそのクライアントのためのプロ品質のサプリメント');
  });

  it('switches language and keeps the rest of the URL', async () => {
    server.use(...catalogHandlers());
    const user = userEvent.setup();
    const { router } = await renderApp('/en/products?order=desc');
    await heading('Products');
    const menu = screen.getByRole('combobox', { name: 'Language' });
    expect(menu).toHaveTextContent('English');
    expect(menu.querySelector('svg')).toHaveAttribute('data-flag', 'gb');

    await user.click(menu);
    const options = within(screen.getByRole('listbox', { name: 'Language' })).getAllByRole('option');
    expect(options).toHaveLength(12);
    expect(options.map((option) => option.querySelector('svg')?.getAttribute('data-flag'))).toEqual([
      'gb', 'de', 'dk', 'es', 'fr', 'hu', 'it', 'jp', 'nl', 'pt', 'ro', 'tw',
    ]);
    expect(screen.getByRole('option', { name: 'English' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('option', { name: 'Deutsch' }));
    await heading('Produkte');
    expect(router.state.location.pathname).toBe('/de/products');
    expect(router.state.location.search).toBe('?order=desc');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveTextContent('Deutsch'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('moves through the language menu with the keyboard and jumps by typed letters', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/en');
    const menu = await screen.findByRole('combobox', { name: 'Language' });
    menu.focus();

    await user.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox', { name: 'Language' });
    expect(list).toHaveFocus();
    const activeName = () => document.getElementById(list.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(activeName()).toBe('English');
    await user.keyboard('{End}');
    expect(activeName()).toBe('中文（台灣）');
    await user.keyboard('ma');
    expect(activeName()).toBe('Magyar');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(menu).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('n{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl'));
  });

  it('leaves the first load where the browser placed it (no forced layout before the first paint)', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    scrollTo.mockClear();

    await renderApp('/en');
    await heading('Supplements chosen by practitioners');

    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls smoothly to the top on every navigation', async () => {
    const user = userEvent.setup();
    await renderApp('/en');
    await heading('Supplements chosen by practitioners');
    const scrollTo = vi.spyOn(window, 'scrollTo');
    scrollTo.mockClear();

    await user.click(screen.getByRole('link', { name: 'Products' }));
    await heading('Products');
    await waitFor(() => {
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    });
  });
});
