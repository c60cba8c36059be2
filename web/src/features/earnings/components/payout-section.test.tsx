import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { subscribeToasts, type Toast } from '../../../lib/toast/toast-store';
import { server } from '../../../testing/msw-server';
import { fakeEarningsApi } from '../testing/fake-earnings-api';
import { payoutAccount } from '../testing/fixtures';
import { renderEarnings } from '../testing/render-page';

vi.mock('uplot', () => import('../testing/fake-uplot'));

configure({ asyncUtilTimeout: 5000 });

const details = () => screen.getByRole('region', { name: 'Payout details' });
const field = (name: string) => within(details()).getByLabelText(name);

describe('payout details', () => {
  let toasts: readonly Toast[] = [];
  let stopToasts = () => {};
  const shown = () => toasts.map((toast) => [toast.kind, toast.message]);

  beforeEach(() => {
    setTokens({ accessToken: 'certified', refreshToken: 'refresh', userTypeId: 2 });
    stopToasts = subscribeToasts((next) => (toasts = next));
  });
  afterEach(() => {
    setTokens(null);
    stopToasts();
  });

  it('checks the IBAN and the e-mail address when they are left, before anything is sent', async () => {
    const api = fakeEarningsApi({ account: payoutAccount({ payout_method: 'paypal' }) });
    server.use(...api.handlers);
    const user = userEvent.setup();
    await renderEarnings();

    const region = await screen.findByRole('region', { name: 'Payout details' });
    expect(region).toHaveTextContent("Your store's payout method: PayPal. Add your PayPal e-mail address to be paid.");
    await user.type(field('IBAN'), 'NL92 ABNA 0417 1643 00');
    expect(field('IBAN')).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(field('IBAN')).toHaveAttribute('aria-invalid', 'true');
    expect(field('IBAN')).toHaveAccessibleDescription(
      'As your bank writes it, for example NL91 ABNA 0417 1643 00. This IBAN is not valid: check its letters and digits.',
    );
    await user.type(field('PayPal e-mail address'), 'ada@example');
    await user.tab();
    expect(field('PayPal e-mail address')).toHaveAccessibleDescription('Enter an e-mail address such as name@example.com.');

    // Saving checks every field: the holder is needed with an IBAN; nothing is sent, the first wrong field has focus.
    await user.click(within(details()).getByRole('button', { name: 'Save payout details' }));
    expect(field('Account holder')).toHaveAccessibleDescription('Enter the account holder: an IBAN needs one.');
    expect(field('Account holder')).toHaveFocus();
    expect(api.callsTo('/payout-account').filter((call) => call.method === 'PUT')).toEqual([]);

    // Corrected, the IBAN's error goes on the next blur.
    await user.clear(field('IBAN'));
    await user.type(field('IBAN'), 'NL91 ABNA 0417 1643 00');
    await user.tab();
    expect(field('IBAN')).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's field errors under their fields and keeps what was typed", async () => {
    const api = fakeEarningsApi();
    api.state.save = () =>
      HttpResponse.json(
        { message: 'Check the payout details.', code: 'validation_error', errors: { iban: ['invalid'], paypal_email: ['not allowed here'] } },
        { status: 422 },
      );
    server.use(...api.handlers);
    const user = userEvent.setup();
    await renderEarnings();

    await screen.findByRole('region', { name: 'Payout details' });
    await user.type(await within(details()).findByLabelText('Account holder'), 'Ada Okafor');
    await user.type(field('IBAN'), 'NL91ABNA0417164300');
    await user.type(field('PayPal e-mail address'), 'ada@example.com');
    await user.click(within(details()).getByRole('button', { name: 'Save payout details' }));

    await waitFor(() => expect(shown()).toContainEqual(['error', 'Check the payout details.']));
    expect(field('IBAN')).toHaveAccessibleDescription(
      'As your bank writes it, for example NL91 ABNA 0417 1643 00. This IBAN is not valid: check its letters and digits.',
    );
    expect(field('PayPal e-mail address')).toHaveAccessibleDescription('not allowed here');
    expect(field('IBAN')).toHaveFocus();
    expect(field('Account holder')).toHaveValue('Ada Okafor');
    expect(field('IBAN')).toHaveValue('NL91ABNA0417164300');
    expect(field('PayPal e-mail address')).toHaveValue('ada@example.com');
  });

  it('saves the details, as the server writes them, with a success toast', async () => {
    const api = fakeEarningsApi({ account: payoutAccount({ payout_method: 'not_set' }) });
    api.state.save = (body) => HttpResponse.json({ ...body, iban: body.iban.replace(/\s+/g, '').toUpperCase() });
    server.use(...api.handlers);
    const user = userEvent.setup();
    await renderEarnings();

    const region = await screen.findByRole('region', { name: 'Payout details' });
    expect(region).toHaveTextContent('Your store has no payout method yet.');
    expect(within(region).getByRole('link', { name: 'Choose a payout method' })).toHaveAttribute('href', '/en/account/practitioner/store');
    await user.type(await within(region).findByLabelText('Account holder'), 'Ada Okafor');
    await user.type(field('IBAN'), 'nl91 abna 0417 1643 00');
    await user.click(within(region).getByRole('button', { name: 'Save payout details' }));

    await waitFor(() => expect(shown()).toContainEqual(['success', 'Your payout details are saved.']));
    expect(field('IBAN')).toHaveValue('NL91ABNA0417164300');
    expect(api.callsTo('/payout-account').filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/v2/account/practitioners/earnings/payout-account',
        authorization: 'Bearer certified',
        body: { account_holder: 'Ada Okafor', iban: 'nl91 abna 0417 1643 00', paypal_email: '' },
      },
    ]);
  });
});
