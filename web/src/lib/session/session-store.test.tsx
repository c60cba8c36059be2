import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { subscribeToasts, type Toast } from '../../lib/toast/toast-store';
import { server } from '../../testing/msw-server';
import { testI18n, testI18nReady } from '../../testing/test-i18n';
import { AUTH_CHANNEL_NAME } from './auth-channel';
import { endSession, signIn } from './session-store';
import { STORAGE_PREFIX } from './stored-value';
import { getTokens, setTokens, type Tokens } from './token-store';
import { useSession } from './use-session';

const TOKENS: Tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', userTypeId: 2 };
const KEY = `${STORAGE_PREFIX}tokens`;

function Probe() {
  const session = useSession();
  return (
    <div>
      <output data-testid="status">{session.status}</output>
      <output data-testid="type">{session.user?.userTypeId ?? 'none'}</output>
      <output data-testid="logging-out">{String(session.isLoggingOut)}</output>
      <button type="button" onClick={() => void session.signOut()}>
        sign out
      </button>
    </div>
  );
}

async function renderProbe() {
  await testI18nReady;
  render(
    <I18nextProvider i18n={testI18n}>
      <Probe />
    </I18nextProvider>,
  );
}

const status = () => screen.getByTestId('status').textContent;

/** What another tab of the same browser does to the shared storage, and the event this tab gets. */
function otherTabWrites(value: string | null) {
  if (value === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, value);
  window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: value, storageArea: localStorage }));
}

describe('session store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('is loggedin with stored tokens and loggedout without', async () => {
    setTokens(TOKENS);
    await renderProbe();
    expect(status()).toBe('loggedin');
    expect(screen.getByTestId('type').textContent).toBe('2');
    act(() => endSession());
    expect(status()).toBe('loggedout');
    expect(getTokens()).toBeNull();
  });

  it('logs out when another tab signs out (storage event)', async () => {
    signIn(TOKENS);
    await renderProbe();
    expect(status()).toBe('loggedin');
    act(() => otherTabWrites(null));
    expect(status()).toBe('loggedout');
  });

  it('logs in and takes new tokens when another tab signs in or refreshes', async () => {
    await renderProbe();
    expect(status()).toBe('loggedout');
    const envelope = (tokens: Tokens) => JSON.stringify({ value: tokens, expires: Date.now() + 60_000 });
    act(() => otherTabWrites(envelope(TOKENS)));
    expect(status()).toBe('loggedin');
    act(() => otherTabWrites(envelope({ ...TOKENS, accessToken: 'access-2', userTypeId: 3 })));
    expect(screen.getByTestId('type').textContent).toBe('3');
  });

  it('re-reads the storage when the auth channel says another tab logged out', async () => {
    signIn(TOKENS);
    await renderProbe();
    // The storage changed without a storage event reaching this tab; the channel message still does.
    localStorage.removeItem(KEY);
    const otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
    otherTab.postMessage({ type: 'logout', tab: 'another-tab' });
    otherTab.close();
    await waitFor(() => expect(status()).toBe('loggedout'));
  });

  it('announces its own sign-in and sign-out on the auth channel', async () => {
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel(AUTH_CHANNEL_NAME);
    otherTab.onmessage = (event: MessageEvent) => heard.push((event.data as { type: string }).type);
    signIn(TOKENS);
    endSession();
    await waitFor(() => expect(heard).toEqual(['login', 'logout']));
    otherTab.close();
  });

  describe('sign-out', () => {
    it('calls the logout endpoint with the bearer, then wipes the tokens', async () => {
      const seen: (string | null)[] = [];
      server.use(
        http.post('*/api/v2/account/logout', ({ request }) => {
          seen.push(request.headers.get('Authorization'));
          return HttpResponse.json({ message: 'You are signed out.' });
        }),
      );
      signIn(TOKENS);
      await renderProbe();
      act(() => screen.getByRole('button', { name: 'sign out' }).click());
      await waitFor(() => expect(status()).toBe('loggedout'));
      expect(seen).toEqual(['Bearer access-1']);
      expect(getTokens()).toBeNull();
    });

    it('treats a 422 as logged out', async () => {
      server.use(
        http.post('*/api/v2/account/logout', () => HttpResponse.json({ message: 'x' }, { status: 422 })),
      );
      signIn(TOKENS);
      await renderProbe();
      act(() => screen.getByRole('button', { name: 'sign out' }).click());
      await waitFor(() => expect(status()).toBe('loggedout'));
    });

    it('shows the failed-to-logout text on another failure and stays signed in', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(
        http.post('*/api/v2/account/logout', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
      );
      let toasts: readonly Toast[] = [];
      const stop = subscribeToasts((next) => (toasts = next));
      signIn(TOKENS);
      await renderProbe();
      act(() => screen.getByRole('button', { name: 'sign out' }).click());
      await waitFor(() =>
        expect(toasts).toContainEqual(
          expect.objectContaining({ kind: 'error', message: 'We could not sign you out. Please try again.' }),
        ),
      );
      expect(status()).toBe('loggedin');
      expect(screen.getByTestId('logging-out').textContent).toBe('false');
      stop();
    });

    it('refuses a second sign-out while one is under way (the logging-out flag)', async () => {
      let calls = 0;
      let answer: () => void = () => undefined;
      server.use(
        http.post('*/api/v2/account/logout', async () => {
          calls += 1;
          await new Promise<void>((resolve) => (answer = resolve));
          return HttpResponse.json({ message: 'ok' });
        }),
      );
      signIn(TOKENS);
      await renderProbe();
      const button = screen.getByRole('button', { name: 'sign out' });
      act(() => button.click());
      await waitFor(() => expect(screen.getByTestId('logging-out').textContent).toBe('true'));
      act(() => button.click());
      await waitFor(() => expect(calls).toBe(1));
      answer();
      await waitFor(() => expect(status()).toBe('loggedout'));
      expect(calls).toBe(1);
    });
  });
});
