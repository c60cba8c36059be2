import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { subscribeToasts, type Toast } from '../../../lib/toast/toast-store';
import { getTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { INVALID_OR_EXPIRED_TOKEN, resetPassword } from '../api/reset-password';
import { authHandlers } from '../testing/auth-handlers';
import { renderAuth } from '../testing/render-auth';

function answerReset(body: JsonBodyType, status = 200) {
  const seen: { path: string; body: unknown }[] = [];
  server.use(
    http.post('*/api/v2/auth/reset-password/:token', async ({ request }) => {
      seen.push({ path: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json(body, { status });
    }),
  );
  return seen;
}

async function fill(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm the password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save the new password' }));
}

describe('password reset', () => {
  beforeEach(() => {
    localStorage.clear();
    server.use(...authHandlers);
  });
  afterEach(() => localStorage.clear());

  it('sends password and confirm_password, then signs in', async () => {
    const seen = answerReset({ access_token: 'a', refresh_token: 'r', user_type_id: 4, message: 'Your password has been changed.' });
    // Recorded rather than looked for on screen: a success toast only stays 2 seconds.
    const toasts: Toast[] = [];
    const stop = subscribeToasts((shown) => toasts.push(...shown.filter((toast) => !toasts.includes(toast))));
    const { router } = await renderAuth('/en/auth/reset-password/reset-token');
    await fill('New-secret-1', 'New-secret-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'), { timeout: 5000 });
    stop();
    expect(seen).toEqual([
      { path: '/api/v2/auth/reset-password/reset-token', body: { password: 'New-secret-1', confirm_password: 'New-secret-1' } },
    ]);
    expect(getTokens()).toEqual({ accessToken: 'a', refreshToken: 'r', userTypeId: 4 });
    expect(toasts).toContainEqual(expect.objectContaining({ kind: 'success', message: 'Your password has been changed.' }));
  });

  it('refuses different passwords before sending', async () => {
    const seen = answerReset({});
    await renderAuth('/en/auth/reset-password/reset-token');
    await fill('New-secret-1', 'New-secret-2');
    expect(screen.getByLabelText('Confirm the password')).toHaveAccessibleDescription('The passwords do not match.');
    expect(seen).toEqual([]);
  });

  it("shows 'Invalid or expired token' when the link is used or unknown", async () => {
    answerReset({ message: 'This link is not valid or has expired.' }, 401);
    await renderAuth('/en/auth/reset-password/old-token');
    await fill('New-secret-1', 'New-secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired token');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/en/auth/forgot-password');
    expect(getTokens()).toBeNull();
  });

  it('throws the spec error and shows password problems at the field', async () => {
    answerReset({ message: 'x' }, 401);
    await expect(resetPassword('t', { password: 'a', confirm_password: 'a' }, 'en')).rejects.toThrow(INVALID_OR_EXPIRED_TOKEN);

    answerReset({ message: 'The password does not meet the rules.', errors: { password: ['This password is too common.'] } }, 422);
    await renderAuth('/en/auth/reset-password/reset-token');
    await fill('Password-123', 'Password-123');
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        expect.stringContaining('This password is too common.'),
      ),
    );
  });
});
