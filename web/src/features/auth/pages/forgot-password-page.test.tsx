import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../testing/msw-server';
import { authHandlers } from '../testing/auth-handlers';
import { renderAuth } from '../testing/render-auth';

describe('forgot password', () => {
  beforeEach(() => {
    localStorage.clear();
    server.use(...authHandlers);
  });

  it('sends the e-mail address and says a link is on its way', async () => {
    const seen: unknown[] = [];
    server.use(
      http.post('*/api/v2/auth/forgot-password', async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json({ message: 'sent' });
      }),
    );
    await renderAuth('/en/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'client@demo.shop');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for this address, we have sent it a link to choose a new password.',
    );
    expect(seen).toEqual([{ email: 'client@demo.shop' }]);
  });

  it('shows the password-reset failure text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.post('*/api/v2/auth/forgot-password', () => HttpResponse.json({ message: 'slow down' }, { status: 429 })));
    await renderAuth('/en/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'client@demo.shop');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not send the password reset e-mail. Please try again.',
    );
  });
});
