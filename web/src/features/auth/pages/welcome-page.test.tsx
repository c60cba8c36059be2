import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { authHandlers } from '../testing/auth-handlers';
import { renderAuth } from '../testing/render-auth';

afterEach(() => setTokens(null));

describe('welcome screens', () => {
  it('given a newly activated practitioner, when welcomed, then the onboarding journey is the way on', async () => {
    server.use(...authHandlers);
    setTokens({ accessToken: 'certified', refreshToken: 'refresh', userTypeId: 2 });
    await renderAuth('/en/auth/welcome/practitioner');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Clara!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Next, upload your practitioner certificate: your onboarding journey shows each step and what it opens up.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start your onboarding journey' })).toHaveAttribute('href', '/en/onboarding');
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/en/products');
  });

  it('given a client, when welcomed, then their first steps are one link away, in their language', async () => {
    server.use(...authHandlers);
    setTokens({ accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 });
    await renderAuth('/fr/auth/welcome/client');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Cora !' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir vos premiers pas' })).toHaveAttribute('href', '/fr/onboarding');
    expect(screen.queryByRole('link', { name: 'Commencer votre parcours d\'accueil' })).not.toBeInTheDocument();
  });

  it('sends an unknown kind of welcome home', async () => {
    await renderAuth('/en/auth/welcome/admin');
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/en$/);
  });
});
