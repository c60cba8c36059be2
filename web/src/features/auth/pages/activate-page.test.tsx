import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { getSessionState } from '../../../lib/session';
import { server } from '../../../testing/msw-server';
import { authHandlers } from '../testing/auth-handlers';
import { renderAuth } from '../testing/render-auth';

describe('activation link', () => {
  beforeEach(() => {
    localStorage.clear();
    server.use(...authHandlers);
  });
  afterEach(() => localStorage.clear());

  it('activates once, signs in and welcomes the client by name', async () => {
    const seen: unknown[] = [];
    server.use(
      http.post('*/api/v2/auth/activate', async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json({ access_token: 'a', refresh_token: 'r', user_type_id: 4 });
      }),
    );
    const { router } = await renderAuth('/en/auth/activate/token-1');
    expect(await screen.findByRole('heading', { name: 'Welcome, Cora!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/auth/welcome/client');
    expect(screen.getByText('Your account is active and you are signed in.')).toBeInTheDocument();
    expect(getSessionState().status).toBe('loggedin');
    expect(seen).toEqual([{ token: 'token-1' }]);
  });

  it('sends a practitioner to the practitioner welcome', async () => {
    server.use(
      http.post('*/api/v2/auth/activate', () => HttpResponse.json({ access_token: 'a', refresh_token: 'r', user_type_id: 3 })),
    );
    const { router } = await renderAuth('/en/auth/activate/token-2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth/welcome/practitioner'));
    expect(
      await screen.findByText('Build your first protocol from the products you trust and share it with your clients.'),
    ).toBeInTheDocument();
  });

  it('goes to the sign-in screen when the link fails (spec: docs/spec-coverage.md#s8-activate-failure-redirect)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.post('*/api/v2/auth/activate', () =>
        HttpResponse.json({ message: 'This link is not valid or has expired.' }, { status: 401 }),
      ),
    );
    const { router } = await renderAuth('/en/auth/activate/used-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This activation link is not valid or has expired. Please sign in.',
    );
    expect(getSessionState().status).toBe('loggedout');
  });
});
