import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw-server';
import type { SubscriptionAction } from '../api/types';
import { action } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';

const PATH = '*/api/v2/subscriptions/actions/:token';

/** The link's calls: GET reads it, POST does it; records what was asked and with which bearer. */
function linkServer(initial: SubscriptionAction) {
  let current = initial;
  const calls: string[] = [];
  server.use(
    http.get(PATH, ({ params, request }) => {
      calls.push(`GET ${String(params.token)} ${request.headers.get('Authorization') ?? 'no bearer'}`);
      return HttpResponse.json(current);
    }),
    http.post(PATH, ({ params }) => {
      calls.push(`POST ${String(params.token)}`);
      current = { ...current, done: true, state: current.action === 'pause' ? 'paused' : current.state };
      return HttpResponse.json(current);
    }),
  );
  return calls;
}

describe('one-click link of a notice', () => {
  it('says what the link does, and does it on one click only (opening it changes nothing)', async () => {
    const calls = linkServer(action());
    const user = userEvent.setup();
    await renderPage('/en/refills/actions/tok-1');

    expect(await screen.findByText('Skip the parcel of December 31, 2026?')).toBeInTheDocument();
    expect(calls).toEqual(['GET tok-1 no bearer']);
    await user.click(screen.getByRole('button', { name: 'Skip this parcel' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The parcel of December 31, 2026 is skipped.');
    expect(screen.getByRole('status')).not.toHaveTextContent('This was done already.');
    expect(calls).toEqual(['GET tok-1 no bearer', 'POST tok-1']);
    expect(screen.getByRole('link', { name: 'Open your automatic refills' })).toHaveAttribute('href', '/en/account/refills/5');
  });

  it('pauses', async () => {
    const calls = linkServer(action({ action: 'pause' }));
    const user = userEvent.setup();
    await renderPage('/en/refills/actions/tok-2');
    expect(await screen.findByText('Pause your automatic refills?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause my refills' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your automatic refills are paused.');
    expect(calls).toContain('POST tok-2');
  });

  it('says so when it was done already', async () => {
    const calls = linkServer(action({ done: true }));
    await renderPage('/en/refills/actions/tok-3');
    expect(await screen.findByRole('status')).toHaveTextContent('The parcel of December 31, 2026 is skipped.This was done already.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls).toEqual(['GET tok-3 no bearer']);
  });

  it('says a link that is not valid any more is not, with the way to the account', async () => {
    server.use(
      http.get(PATH, () =>
        HttpResponse.json({ message: 'This link is not valid any more. Open your automatic refills to change them.', errors: {} }, { status: 404 }),
      ),
    );
    await renderPage('/en/refills/actions/old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more.');
    expect(screen.getByRole('link', { name: 'Open your automatic refills' })).toHaveAttribute('href', '/en/account/refills');
  });

  it("shows the API's refusal of the click", async () => {
    linkServer(action());
    server.use(
      http.post(PATH, () =>
        HttpResponse.json({ message: 'An automatic refill that is cancelled cannot skip a parcel.', errors: { state: ['cancelled'] } }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    await renderPage('/en/refills/actions/tok-4');
    await user.click(await screen.findByRole('button', { name: 'Skip this parcel' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An automatic refill that is cancelled cannot skip a parcel.'));
  });
});
