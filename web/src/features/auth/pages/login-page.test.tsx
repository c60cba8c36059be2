import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { getSessionState, signIn } from '../../../lib/session';
import { getTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { externalNavigation } from '../api/login';
import { authHandlers } from '../testing/auth-handlers';
import { renderAuth } from '../testing/render-auth';

const TOKENS_REPLY = { access_token: 'access-1', refresh_token: 'refresh-1', user_type_id: 2 };

function answerLogin(body: JsonBodyType, status = 200) {
  const seen: unknown[] = [];
  server.use(
    http.post('*/api/v2/auth/login', async ({ request }) => {
      seen.push(await request.json());
      return HttpResponse.json(body, { status });
    }),
  );
  return seen;
}

async function signInWith(email = 'certified@demo.shop', password = 'Demo-pass-2026!') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const alert = () => screen.findByRole('alert');

describe('sign-in screen', () => {
  beforeEach(() => {
    localStorage.clear();
    server.use(...authHandlers);
  });
  afterEach(() => localStorage.clear());

  it('signs in, stores the tokens and goes on to the next page', async () => {
    const seen = answerLogin(TOKENS_REPLY);
    const { router } = await renderAuth('/en/login?next=%2Fproducts%3Fbrands%3D3');
    await signInWith();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/products'));
    expect(router.state.location.search).toBe('?brands=3');
    expect(seen).toEqual([{ email: 'certified@demo.shop', password: 'Demo-pass-2026!' }]);
    expect(getTokens()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1', userTypeId: 2 });
    expect(getSessionState().status).toBe('loggedin');
    // The header's account menu shows who is signed in once the profile is there.
    expect(await screen.findByText('Clara Whitfield')).toBeInTheDocument();
    expect(screen.getByText('Certified practitioner')).toBeInTheDocument();
  });

  it('answers the old /auth/login by redirecting to /login with the query kept (spec: docs/spec-coverage.md#s2-login-sign-canonical-auth)', async () => {
    answerLogin(TOKENS_REPLY);
    const { router } = await renderAuth('/en/auth/login?next=%2Fcart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(router.state.location.search).toBe('?next=%2Fcart');
    await signInWith();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/cart'));
  });

  it('goes home without a next page, and never follows a next page on another site', async () => {
    answerLogin(TOKENS_REPLY);
    const { router } = await renderAuth('/de/login?next=//evil.example/x');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-Mail-Adresse'), 'certified@demo.shop');
    await user.type(screen.getByLabelText('Passwort'), 'Demo-pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de'));
  });

  it('shows who is signed in, with a sign-out, to a signed-in visitor', async () => {
    signIn({ accessToken: 'a', refreshToken: 'r', userTypeId: 2 });
    await renderAuth('/en/login');
    expect(await screen.findByRole('heading', { name: 'You are signed in' })).toBeInTheDocument();
    expect(await screen.findByText('Signed in as Clara Whitfield (Certified practitioner).')).toBeInTheDocument();
  });

  it('validates on blur: required fields and the e-mail pattern', async () => {
    const seen = answerLogin(TOKENS_REPLY);
    await renderAuth('/en/login');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('E-mail address');
    await user.click(email);
    await user.tab();
    await waitFor(() => expect(email).toHaveAccessibleDescription('This field is required.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'not-an-address');
    // Typing alone does not re-validate; the next blur does.
    expect(email).toHaveAccessibleDescription('This field is required.');
    await user.tab();
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.'));
    await user.clear(email);
    await user.type(email, 'someone@example.com');
    await user.tab();
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(seen).toEqual([]);
  });

  describe('error rules (spec: docs/spec-coverage.md#s8-login-400-server-message)', () => {
    it('400 shows the server message', async () => {
      answerLogin({ message: 'The e-mail address or the password is not correct.', code: 'bad_request' }, 400);
      await renderAuth('/en/login');
      await signInWith('certified@demo.shop', 'wrong');
      expect(await alert()).toHaveTextContent('The e-mail address or the password is not correct.');
      expect(getTokens()).toBeNull();
    });

    it('400 without a message shows the invalid-credentials text', async () => {
      answerLogin({}, 400);
      await renderAuth('/fr/login');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Adresse e-mail'), 'a@b.co');
      await user.type(screen.getByLabelText('Mot de passe'), 'x');
      await user.click(screen.getByRole('button', { name: 'Se connecter' }));
      expect(await alert()).toHaveTextContent('L’adresse e-mail ou le mot de passe est incorrect.');
    });

    it('401 logs out', async () => {
      signIn({ accessToken: 'old', refreshToken: 'old-r', userTypeId: 3 });
      answerLogin({ message: 'Authentication required.' }, 401);
      // A signed-in visitor only gets the form with a store redirect (return_to).
      await renderAuth('/en/login?return_to=https%3A%2F%2Fstore.example%2Fcart');
      await signInWith();
      expect(await alert()).toHaveTextContent('Authentication required.');
      expect(getTokens()).toBeNull();
    });

    it('422 tries a token refresh and logs out when it fails', async () => {
      const refreshes: (string | null)[] = [];
      server.use(
        http.post('*/api/v2/auth/token-refresh', ({ request }) => {
          refreshes.push(request.headers.get('Authorization'));
          return HttpResponse.json({ message: 'This sign-in has ended.' }, { status: 401 });
        }),
      );
      signIn({ accessToken: 'old', refreshToken: 'old-r', userTypeId: 3 });
      answerLogin({ message: 'Some fields are not valid.', code: 'validation_error' }, 422);
      await renderAuth('/en/login?return_to=https%3A%2F%2Fstore.example%2Fcart');
      await signInWith();
      expect(await alert()).toHaveTextContent('Some fields are not valid.');
      expect(refreshes).toEqual(['Bearer old-r']);
      expect(getTokens()).toBeNull();
    });

    it('422 with a successful token refresh goes on signed in', async () => {
      server.use(
        http.post('*/api/v2/auth/token-refresh', () =>
          HttpResponse.json({ access_token: 'new', refresh_token: 'new-r', user_type_id: 3 }),
        ),
      );
      signIn({ accessToken: 'old', refreshToken: 'old-r', userTypeId: 3 });
      answerLogin({ message: 'Some fields are not valid.' }, 422);
      const { router } = await renderAuth('/en/login?return_to=https%3A%2F%2Fstore.example%2Fcart');
      await signInWith();
      await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
      expect(getTokens()?.refreshToken).toBe('new-r');
    });

    it('500 logs out', async () => {
      signIn({ accessToken: 'old', refreshToken: 'old-r', userTypeId: 3 });
      answerLogin({ message: 'boom' }, 500);
      await renderAuth('/en/login?return_to=https%3A%2F%2Fstore.example%2Fcart');
      await signInWith();
      expect(await alert()).toHaveTextContent('Something went wrong on our side. Please try again in a moment.');
      expect(getTokens()).toBeNull();
    });

    it('any other status logs out with the unhandled-login-error text', async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      answerLogin({ message: 'teapot' }, 418);
      await renderAuth('/en/login');
      await signInWith();
      expect(await alert()).toHaveTextContent('Unhandled login error, check console for details.');
      expect(error).toHaveBeenCalled();
    });
  });

  describe('redirect reply (spec: docs/spec-coverage.md#s5-redirect-urls-after-login)', () => {
    it('navigates to an https URL, sending return_to', async () => {
      const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
      const url = 'https://store.example/account/login/multipass/abc';
      const seen = answerLogin({ access_token: url, refresh_token: 'redirect', user_type_id: 4 });
      await renderAuth('/en/login?return_to=https%3A%2F%2Fstore.example%2Fcart');
      await signInWith();
      await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
      expect(seen).toEqual([
        { email: 'certified@demo.shop', password: 'Demo-pass-2026!', return_to: 'https://store.example/cart' },
      ]);
      expect(getTokens()).toBeNull();
    });

    it('refuses a URL that does not start with https', async () => {
      const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
      answerLogin({ access_token: 'http://store.example/x', refresh_token: 'redirect', user_type_id: 4 });
      await renderAuth('/en/login?return_to=https%3A%2F%2Fstore.example%2Fcart');
      await signInWith();
      expect(await alert()).toHaveTextContent(
        'Insecure redirect URL detected. Please contact support if this issue persists.',
      );
      expect(assign).not.toHaveBeenCalled();
    });

    it('treats a redirect reply without an access token as an error', async () => {
      const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
      answerLogin({ access_token: '', refresh_token: 'redirect', user_type_id: 4 });
      await renderAuth('/en/login?return_to=https%3A%2F%2Fstore.example%2Fcart');
      await signInWith();
      expect(await alert()).toHaveTextContent('The sign-in answer did not say where to continue. Please try again.');
      expect(assign).not.toHaveBeenCalled();
    });
  });
});
