/** Refill reminders on the client's side (docs/decisions/0032-refills-timed-to-the-bottle.md): the settings
 * per protocol, the one-click page, and the in-app notice of `refill.due`. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { notifyTopic } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import type { RefillState } from '../api/refills';
import { sharedProtocol } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';

const CLIENT = { accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 };

function refillServer(initial: RefillState) {
  let refill = initial;
  const seen: unknown[] = [];
  server.use(
    http.get('*/api/v2/account/clients/protocols', () => HttpResponse.json([sharedProtocol()])),
    http.get('*/api/v2/account/clients/refills', () => HttpResponse.json([refill])),
    http.get('*/api/v2/account/clients/subscriptions', () => HttpResponse.json([])),
    http.put('*/api/v2/account/clients/protocols/:id/refills', async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean; days_before: number };
      seen.push(body);
      refill = {
        ...refill,
        enabled: body.enabled,
        days_before: body.days_before,
        next_reminder_on: body.enabled ? '2026-12-16' : null,
        runs_out_on: body.enabled ? '2026-12-26' : null,
      };
      return HttpResponse.json(refill);
    }),
    http.post('*/api/v2/storefront/cart/protocols/:id', ({ params, request }) => {
      seen.push(`cart ${String(params.id)}${new URL(request.url).search}`);
      return HttpResponse.json({
        items: [],
        total_items: 3,
        total_price: '30.00',
        total_discount: '0.00',
        total_price_after_discount: '30.00',
        discount_rate: '0.00',
        currency: 'EUR',
      });
    }),
  );
  return { seen };
}

const PLANNED: RefillState = {
  protocol_id: 7,
  enabled: true,
  days_before: 7,
  next_reminder_on: '2026-12-19',
  runs_out_on: '2026-12-26',
};

describe('refill reminders', () => {
  beforeEach(() => setTokens(CLIENT));
  afterEach(() => setTokens(null));

  it('shows when the next reminder comes, and switches it off or earlier per protocol', async () => {
    const api = refillServer(PLANNED);
    const user = userEvent.setup();
    await renderPage('/en/account/client/protocols');

    const settings = await screen.findByRole('region', { name: 'Refill reminders' });
    expect(within(settings).getByText('Next reminder on December 19, 2026; the first product runs out around December 26, 2026.')).toBeInTheDocument();
    await user.selectOptions(within(settings).getByRole('combobox', { name: 'How early' }), '10 days before');
    await waitFor(() => expect(within(settings).getByText(/Next reminder on December 16, 2026/)).toBeInTheDocument());
    await user.click(within(settings).getByRole('checkbox', { name: 'Remind me before it runs out' }));

    await waitFor(() => expect(within(settings).getByText('Reminders are off for this protocol.')).toBeInTheDocument());
    expect(api.seen).toEqual([
      { enabled: true, days_before: 10 },
      { enabled: false, days_before: 10 },
    ]);
  });

  it("puts the protocol's products into the cart in one click and opens the cart", async () => {
    const api = refillServer(PLANNED);
    await renderPage('/en/refill/7?link_token=abc');

    expect(await screen.findByTestId('cart-page')).toBeInTheDocument();
    expect(api.seen).toEqual(['cart 7?link_token=abc']);
  });

  it('asks a signed-out visitor to sign in first and come back', async () => {
    setTokens(null);
    refillServer(PLANNED);
    await renderPage('/en/refill/7');

    expect(await screen.findByRole('link', { name: 'Sign in to refill your protocol' })).toHaveAttribute(
      'href',
      '/en/login?next=%2Frefill%2F7',
    );
  });

  it('shows an in-app notice when a reminder is due, naming the protocol, with the one click', async () => {
    refillServer(PLANNED);
    await renderPage('/en');

    act(() => notifyTopic('refill.due', { protocol_id: 7 }));

    const notice = await screen.findByText('Time to refill “Better sleep”: its first product runs out soon.');
    expect(within(notice.closest('div') as HTMLElement).getByRole('link', { name: 'Add to cart' })).toHaveAttribute('href', '/en/refill/7');
  });
});
