import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import type { Subscription } from '../api/types';
import { CLIENT, subscription } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';

function listServer(initial: Subscription[]) {
  let list = initial;
  server.use(http.get('*/api/v2/account/clients/subscriptions', () => HttpResponse.json(list)));
  return {
    set(next: Subscription[]) {
      list = next;
    },
  };
}

describe('automatic refills page', () => {
  beforeEach(() => setTokens(CLIENT));
  afterEach(() => setTokens(null));

  it('lists each refill with its state, interval and next parcel, linking to its page', async () => {
    listServer([
      subscription(),
      subscription({ id: 6, protocol_id: null, protocol_name: '', state: 'past_due', reason: 'charge_failed', retry_on: null }),
      subscription({ id: 4, state: 'cancelled', next_parcel: null }),
    ]);
    await renderPage('/en/account/refills');

    const list = await screen.findByRole('list', { name: 'Your automatic refills' });
    const [active, pastDue, cancelled] = within(list).getAllByRole('listitem');
    expect(within(active!).getByRole('link', { name: 'Refill of Better sleep' })).toHaveAttribute('href', '/en/account/refills/5');
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('Every 30 days');
    expect(active).toHaveTextContent('Next parcel on December 31, 2026');
    expect(within(pastDue!).getByRole('link', { name: 'Refill of an order' })).toHaveAttribute('href', '/en/account/refills/6');
    expect(pastDue).toHaveTextContent('The payment of your last parcel failed.');
    expect(cancelled).toHaveTextContent('Cancelled');
    expect(cancelled).not.toHaveTextContent('Next parcel on');
  });

  it('shows the way to start one when there is none, and follows subscription.updated', async () => {
    const api = listServer([]);
    await renderPage('/en/account/refills');
    expect(await screen.findByText(/You have no automatic refills yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My protocols' })).toHaveAttribute('href', '/en/account/client/protocols');

    api.set([subscription()]);
    act(() => topicRegistry.dispatch({ topic: 'subscription.updated', data: { subscription_id: 5, state: 'active' }, seq: 1 }));
    expect(await screen.findByRole('link', { name: 'Refill of Better sleep' })).toBeInTheDocument();
  });

  it('is for clients: a practitioner is told so and nothing is asked', async () => {
    const asked: string[] = [];
    server.use(http.get('*/api/v2/account/clients/subscriptions', ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json([]);
    }));
    setTokens({ ...CLIENT, userTypeId: 3 });
    await renderPage('/en/account/refills');
    expect(await screen.findByText(/Automatic refills are for clients/)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
