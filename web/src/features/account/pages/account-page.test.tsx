import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { SessionProvider, type ClientProfile, type PractitionerProfile } from '../../../lib/session';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { renderRoutes } from '../../../testing/render-routes';
import { AccountPage } from './account-page';

configure({ asyncUtilTimeout: 5000 });

function practitioner(overrides: Partial<PractitionerProfile> = {}): PractitionerProfile {
  return {
    id: 3,
    email: 'practitioner@demo.shop',
    first_name: 'Paul',
    last_name: 'Okafor',
    user_type_id: 3,
    language: 'en',
    health_profession: 1,
    expertise_level: 3,
    organisation_type: 1,
    phone: '',
    certificate_status: 'none',
    certificate_uploaded_at: null,
    can_share: false,
    clients_count: 0,
    milestones: [{ id: 1, reached_at: '2026-11-02T09:30:00Z' }],
    ...overrides,
  };
}

const CLIENT: ClientProfile = {
  id: 4,
  email: 'client@demo.shop',
  first_name: 'Chloe',
  last_name: 'Bennett',
  user_type_id: 4,
  language: 'en',
  phone: '',
  practitioners: [],
};

function renderAccount(url = '/en/account') {
  return renderRoutes([{ path: '/:lang/account/*', element: <AccountPage /> }], {
    url,
    languageFromUrl: true,
    wrapper: SessionProvider,
  });
}

const card = (name: string) => screen.getByRole('region', { name });

afterEach(() => setTokens(null));

describe('account hub', () => {
  it('given a practitioner, shows the onboarding progress and next step, the store page, protocols, cart and wishlist', async () => {
    server.use(http.get('*/api/v2/account/practitioners/profile', () => HttpResponse.json(practitioner())));
    setTokens({ accessToken: 'practitioner', refreshToken: 'refresh', userTypeId: 3 });
    await renderAccount();

    expect(await screen.findByText('1 of 14 milestones reached')).toBeInTheDocument();
    const onboarding = card('Your onboarding');
    expect(onboarding).toHaveTextContent('Next step: upload your certificate.');
    expect(within(onboarding).getByRole('link', { name: 'See your journey' })).toHaveAttribute('href', '/en/onboarding');
    expect(within(card('Your practice')).getByRole('link', { name: 'Open your practice' })).toHaveAttribute(
      'href',
      '/en/account/practitioner',
    );
    expect(within(card('Your store page')).getByRole('link', { name: 'Edit your store page' })).toHaveAttribute(
      'href',
      '/en/account/practitioner/store',
    );
    expect(card('Protocols')).toHaveTextContent(
      'Open the protocol builder from its button on any page to create, edit and share your protocols.',
    );
    const shopping = card('Shopping');
    expect(within(shopping).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/en/cart');
    expect(within(shopping).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/en/wishlist');
    expect(within(shopping).getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/en/account/orders');
    expect(within(shopping).getByRole('link', { name: 'Back-in-stock alerts' })).toHaveAttribute(
      'href',
      '/en/account/stock-alerts',
    );
    expect(screen.queryByRole('link', { name: 'My protocols' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Automatic refills' })).not.toBeInTheDocument();
  });

  it('given a certified practitioner of the demo seed (no milestone rows), counts what the profile shows', async () => {
    server.use(
      http.get('*/api/v2/account/practitioners/profile', () =>
        HttpResponse.json(practitioner({ user_type_id: 2, certificate_status: 'validated', clients_count: 1, milestones: [] })),
      ),
    );
    setTokens({ accessToken: 'certified', refreshToken: 'refresh', userTypeId: 2 });
    await renderAccount();

    // Registered, certificate uploaded and validated, a protocol created and shared, a client invited.
    expect(await screen.findByText('6 of 14 milestones reached')).toBeInTheDocument();
    // Then a client's order that earns commission (recorded by the server, not shown by the profile).
    expect(card('Your onboarding')).toHaveTextContent('Next step: your first client order that earns commission.');
  });

  it('follows profile.updated: a validated certificate moves the summary on without reloading', async () => {
    let profile = practitioner({
      certificate_status: 'pending',
      certificate_uploaded_at: '2026-11-20T08:00:00Z',
      milestones: [
        { id: 1, reached_at: '2026-11-02T09:30:00Z' },
        { id: 2, reached_at: '2026-11-20T08:00:00Z' },
      ],
    });
    server.use(http.get('*/api/v2/account/practitioners/profile', () => HttpResponse.json(profile)));
    setTokens({ accessToken: 'practitioner', refreshToken: 'refresh', userTypeId: 3 });
    await renderAccount();
    expect(await screen.findByText('Next step: your certificate is waiting for validation.')).toBeInTheDocument();

    profile = { ...profile, user_type_id: 2, certificate_status: 'validated', can_share: true };
    act(() =>
      topicRegistry.dispatch({ topic: 'profile.updated', data: { user_type_id: 2, certificate_status: 'validated' } }),
    );

    await waitFor(() => expect(card('Your onboarding')).toHaveTextContent('3 of 14 milestones reached'));
    expect(card('Your onboarding')).toHaveTextContent('Next step: create your first protocol.');
  });

  it('given a client, shows their protocols, automatic refills, cart and wishlist, and no practitioner areas', async () => {
    server.use(http.get('*/api/v2/account/clients/profile', () => HttpResponse.json(CLIENT)));
    setTokens({ accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 });
    await renderAccount();

    const protocols = await screen.findByRole('region', { name: 'My protocols' });
    expect(protocols).toHaveTextContent('The protocols your practitioner shared with you.');
    expect(within(protocols).getByRole('link', { name: 'My protocols' })).toHaveAttribute('href', '/en/account/client/protocols');
    const refills = screen.getByRole('region', { name: 'Automatic refills' });
    expect(refills).toHaveTextContent('Your refills, sent before your products run out.');
    expect(within(refills).getByRole('link', { name: 'Automatic refills' })).toHaveAttribute('href', '/en/account/refills');
    expect(within(card('Shopping')).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/en/cart');
    expect(within(card('Shopping')).getByRole('link', { name: 'Back-in-stock alerts' })).toHaveAttribute(
      'href',
      '/en/account/stock-alerts',
    );
    expect(screen.queryByRole('region', { name: 'Your onboarding' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your store page' })).not.toBeInTheDocument();
  });

  it('given an admin, reads the client profile and shows the way to the admin, no practitioner areas', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v2/account/clients/profile', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({ ...CLIENT, id: 1, email: 'admin@demo.shop', user_type_id: 1 });
      }),
    );
    setTokens({ accessToken: 'admin', refreshToken: 'refresh', userTypeId: 1 });
    await renderAccount();

    const admin = await screen.findByRole('region', { name: 'Site administration' });
    expect(within(admin).getByRole('link', { name: 'Open the admin' })).toHaveAttribute('href', '/admin/');
    await waitFor(() => expect(asked).toEqual(['/api/v2/account/clients/profile']));
    expect(screen.queryByRole('region', { name: 'Your onboarding' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your practice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My protocols' })).not.toBeInTheDocument();
  });

  it('signed out, asks to sign in and comes back here', async () => {
    await renderAccount('/de/account/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ihr Konto' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/de/login?next=%2Faccount');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
