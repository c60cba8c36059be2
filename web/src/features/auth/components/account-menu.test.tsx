import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { signIn } from '../../../lib/session';
import { getTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { authHandlers } from '../testing/auth-handlers';
import { renderAuth } from '../testing/render-auth';

describe('account menu', () => {
  beforeEach(() => {
    localStorage.clear();
    server.use(...authHandlers);
  });
  afterEach(() => localStorage.clear());

  it('offers sign-in when signed out, coming back to the page afterwards', async () => {
    await renderAuth('/en/products?brands=2');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/en/login?next=%2Fproducts%3Fbrands%3D2',
    );
  });

  it("shows the client's name and type, fetched from the client profile, and signs out", async () => {
    server.use(http.post('*/api/v2/account/logout', () => HttpResponse.json({ message: 'ok' })));
    signIn({ accessToken: 'a', refreshToken: 'r', userTypeId: 4 });
    await renderAuth('/ja/products');
    expect(await screen.findByText('Cora Lindqvist')).toBeInTheDocument();
    expect(screen.getByText('クライアント')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'ログアウト' }));
    expect(await screen.findByRole('link', { name: 'ログイン' })).toBeInTheDocument();
    expect(getTokens()).toBeNull();
  });

  it('toasts the unable-to-fetch-profile text with the profile type', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('*/api/v2/account/practitioners/profile', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
    );
    signIn({ accessToken: 'a', refreshToken: 'r', userTypeId: 3 });
    await renderAuth('/en/products');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Unable to fetch the profile: practitioner.'),
    );
    // Still signed in: the menu shows the type from the token.
    expect(screen.getByText('Practitioner')).toBeInTheDocument();
  });
});
