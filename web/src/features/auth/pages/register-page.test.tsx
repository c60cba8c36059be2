import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw-server';
import { authHandlers } from '../testing/auth-handlers';
import { renderAuth } from '../testing/render-auth';

function answerRegister(body: JsonBodyType = { message: 'Check your e-mail to activate your account.', user_id: 9 }, status = 201) {
  const seen: { body: unknown; language: string | null }[] = [];
  server.use(
    http.post('*/api/v2/auth/register', async ({ request }) => {
      seen.push({ body: await request.json(), language: request.headers.get('Accept-Language') });
      return HttpResponse.json(body, { status });
    }),
  );
  return seen;
}

function rules(): Record<string, boolean> {
  const list = screen.getByText('Your password needs').parentElement!;
  const entries = within(list)
    .getAllByRole('listitem')
    .map((item): [string, boolean] => [item.dataset.rule ?? '', item.dataset.met === 'true']);
  return Object.fromEntries(entries);
}

describe('registration', () => {
  beforeEach(() => {
    localStorage.clear();
    server.use(...authHandlers);
  });
  afterEach(() => localStorage.clear());

  it('asks practitioner or client first, each linking to its form', async () => {
    await renderAuth('/en/auth/register');
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /I am a practitioner/ })).toHaveAttribute(
      'href',
      '/en/auth/register?as=practitioner',
    );
    expect(screen.getByRole('link', { name: /I am a client/ })).toHaveAttribute('href', '/en/auth/register?as=client');
  });

  it('ticks the password helpers off live while typing', async () => {
    await renderAuth('/en/auth/register?as=client');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Password');
    expect(rules()).toEqual({ length: false, digit: false, uppercase: false, special: false });
    await user.type(password, 'abcdefgh');
    expect(rules()).toEqual({ length: true, digit: false, uppercase: false, special: false });
    await user.type(password, '1');
    expect(rules()).toMatchObject({ digit: true, uppercase: false });
    await user.type(password, 'A!');
    expect(rules()).toEqual({ length: true, digit: true, uppercase: true, special: true });
    expect(screen.getByText('at least 8 characters')).toBeInTheDocument();
  });

  it('validates each field on blur and every field on submit, sending nothing while invalid', async () => {
    const seen = answerRegister();
    await renderAuth('/en/auth/register?as=client');
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First name');
    await user.click(first);
    await user.tab();
    await waitFor(() => expect(first).toHaveAccessibleDescription('This field is required.'));

    const password = screen.getByLabelText('Password');
    await user.type(password, 'short');
    await user.tab();
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining('The password does not meet every rule below.')),
    );

    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('This field is required.');
    expect(seen).toEqual([]);
  });

  it('registers a client with user_type_id 4 and the page language, then says to check the e-mail', async () => {
    const seen = answerRegister();
    const { router } = await renderAuth('/de/auth/register?as=client');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Vorname'), 'Ada');
    await user.type(screen.getByLabelText('Nachname'), 'Lovelace');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Passwort'), 'Analytical-1843!');
    await user.click(screen.getByRole('button', { name: 'Mein Konto erstellen' }));

    expect(await screen.findByRole('heading', { name: 'Prüfen Sie Ihre E-Mails' })).toBeInTheDocument();
    expect(screen.getByText(/ada@example\.com/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/de/auth/registered');
    expect(seen).toEqual([
      {
        body: {
          email: 'ada@example.com',
          password: 'Analytical-1843!',
          first_name: 'Ada',
          last_name: 'Lovelace',
          phone: '',
          language: 'de',
          user_type_id: 4,
        },
        language: 'de',
      },
    ]);
  });

  it('registers a practitioner with the reference lists from the API (user_type_id 3)', async () => {
    const seen = answerRegister();
    await renderAuth('/en/auth/register?as=practitioner');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Register as a practitioner' })).toBeInTheDocument();
    const profession = screen.getByLabelText('Health profession');
    await waitFor(() => expect(within(profession).getByRole('option', { name: 'Naturopath' })).toBeInTheDocument());

    // The lists are required for a practitioner.
    await user.click(profession);
    await user.tab();
    await waitFor(() => expect(profession).toHaveAccessibleDescription('This field is required.'));

    await user.type(screen.getByLabelText('First name'), 'Nora');
    await user.type(screen.getByLabelText('Last name'), 'Blake');
    await user.type(screen.getByLabelText('E-mail address'), 'nora@example.com');
    await user.type(screen.getByLabelText('Password'), 'Herbal-tea-42');
    await user.selectOptions(profession, 'Naturopath');
    await user.selectOptions(screen.getByLabelText('Expertise level'), 'Student practitioner');
    await user.selectOptions(screen.getByLabelText('Organisation type'), 'Other');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(seen[0]?.body).toMatchObject({
      user_type_id: 3,
      health_profession: 2,
      expertise_level: 1,
      organisation_type: 4,
    });
  });

  it('shows the server message and its field errors when the server refuses', async () => {
    answerRegister(
      { message: 'An account with this e-mail address exists already.', code: 'conflict', errors: { email: ['taken'] } },
      409,
    );
    await renderAuth('/fr/auth/register?as=client');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Prénom'), 'Ada');
    await user.type(screen.getByLabelText('Nom'), 'Lovelace');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'client@demo.shop');
    await user.type(screen.getByLabelText('Mot de passe'), 'Analytical-1843!');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail address exists already.');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAccessibleDescription(
      'Un compte existe déjà avec cette adresse e-mail.',
    );
  });

  it('shows the unexpected-error text when the server gives no message', async () => {
    answerRegister(null, 503);
    await renderAuth('/en/auth/register?as=client');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Analytical-1843!');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
  });
});
