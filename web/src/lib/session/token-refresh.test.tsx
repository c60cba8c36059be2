import { act, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../testing/msw-server';
import { testI18n, testI18nReady } from '../../testing/test-i18n';
import { SessionProvider } from './session-provider';
import { getSessionState, signIn } from './session-store';
import { getTokens } from './token-store';
import { refreshDelay, TOKEN_REFRESH_MS } from './token-refresh';

function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

async function renderProvider() {
  await testI18nReady;
  render(
    <I18nextProvider i18n={testI18n}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <SessionProvider>
          <span />
        </SessionProvider>
      </SWRConfig>
    </I18nextProvider>,
  );
}

describe('token refresh', () => {
  let refreshes: (string | null)[];

  beforeEach(() => {
    localStorage.clear();
    refreshes = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    server.use(
      http.post('*/api/v2/account/geoip', () => HttpResponse.json({ country: null, country_code: null })),
      http.get('*/api/v2/account/practitioners/profile', () => HttpResponse.json({ id: 2, user_type_id: 2 })),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('waits 55 minutes for a fresh token, less for an older one, never below zero', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    const issuedNow = { accessToken: jwt({ exp: now / 1000 + 3600 }), refreshToken: 'r', userTypeId: 2 };
    expect(refreshDelay(issuedNow, now)).toBe(TOKEN_REFRESH_MS);
    const issued50MinutesAgo = { ...issuedNow, accessToken: jwt({ exp: now / 1000 + 600 }) };
    expect(refreshDelay(issued50MinutesAgo, now)).toBe(5 * 60_000);
    const expired = { ...issuedNow, accessToken: jwt({ exp: now / 1000 - 10 }) };
    expect(refreshDelay(expired, now)).toBe(0);
    expect(refreshDelay({ ...issuedNow, accessToken: 'not-a-jwt' }, now)).toBe(TOKEN_REFRESH_MS);
  });

  it('refreshes every 3,300,000 ms while signed in, with the refresh token as bearer', async () => {
    let counter = 0;
    server.use(
      http.post('*/api/v2/auth/token-refresh', ({ request }) => {
        refreshes.push(request.headers.get('Authorization'));
        counter += 1;
        return HttpResponse.json({ access_token: `access-${counter + 1}`, refresh_token: `refresh-${counter + 1}`, user_type_id: 2 });
      }),
    );
    signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', userTypeId: 2 });
    await renderProvider();

    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS - 1));
    expect(refreshes).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(getTokens()?.accessToken).toBe('access-2'));
    expect(refreshes).toEqual(['Bearer refresh-1']);

    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    await vi.waitFor(() => expect(getTokens()?.refreshToken).toBe('refresh-3'));
    expect(refreshes).toEqual(['Bearer refresh-1', 'Bearer refresh-2']);
  });

  it('signs out when the refresh is refused', async () => {
    server.use(
      http.post('*/api/v2/auth/token-refresh', () =>
        HttpResponse.json({ message: 'This sign-in has ended. Please sign in again.' }, { status: 401 }),
      ),
    );
    signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', userTypeId: 2 });
    await renderProvider();
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS));
    await vi.waitFor(() => expect(getSessionState().status).toBe('loggedout'));
    expect(getTokens()).toBeNull();
  });

  it('does not refresh while signed out', async () => {
    server.use(
      http.post('*/api/v2/auth/token-refresh', () => {
        refreshes.push('called');
        return HttpResponse.json({});
      }),
    );
    await renderProvider();
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS * 2));
    expect(refreshes).toEqual([]);
  });
});
