import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { dismissRegionNotice, getRegion, setLocation, setRegion, shouldOfferUkStore } from '../../../lib/session/region';
import { server } from '../../../testing/msw-server';
import { renderApp } from '../../../testing/render-app';

const HOUR = 60 * 60 * 1000;

function lookupAnswers(countryCode: string | null) {
  server.use(
    http.post('*/api/v2/account/geoip', () =>
      HttpResponse.json({ country: countryCode === 'GB' ? 'United Kingdom' : 'Germany', country_code: countryCode }),
    ),
  );
}

describe('regional notice', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('offers GB visitors the UK store; accepting switches prices to GBP for good', async () => {
    lookupAnswers('GB');
    await renderApp('/en');
    const dialog = await screen.findByRole('dialog', { name: 'Shopping from the UK?' });
    expect(dialog).toHaveTextContent('pounds sterling (£)');
    expect(getRegion()).toBe('eu');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to the UK store' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getRegion()).toBe('uk');
    expect(screen.getByRole('combobox', { name: 'Store' })).toHaveValue('uk');
  });

  it('is dismissed by its second button or Escape, staying in the EU store', async () => {
    lookupAnswers('GB');
    await renderApp('/de');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Im EU-Shop bleiben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getRegion()).toBe('eu');

    localStorage.removeItem('practitioner-supplements:region-notice-dismissed');
    setLocation({ country: 'United Kingdom', country_code: 'GB' });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not shown to other countries, unknown countries or visitors already in the UK store', async () => {
    lookupAnswers('DE');
    await renderApp('/en');
    await screen.findByRole('combobox', { name: 'Store' });
    await waitFor(() => expect(localStorage.getItem('practitioner-supplements:location')).not.toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    setLocation({ country: null, country_code: 'GBR' });
    expect(shouldOfferUkStore()).toBe(false);
    setLocation({ country: 'United Kingdom', country_code: 'gb' });
    setRegion('uk');
    expect(shouldOfferUkStore()).toBe(false);
  });

  it('stays quiet for an hour after a dismissal and comes back after it (the dismissal is kept 24 hours)', () => {
    setLocation({ country: 'United Kingdom', country_code: 'GB' });
    const dismissedAt = Date.now();
    dismissRegionNotice(dismissedAt);
    expect(shouldOfferUkStore(dismissedAt + HOUR - 1)).toBe(false);
    expect(shouldOfferUkStore(dismissedAt + HOUR)).toBe(true);
    const stored = JSON.parse(localStorage.getItem('practitioner-supplements:region-notice-dismissed') ?? '{}') as {
      expires: number;
    };
    expect(stored.expires).toBe(dismissedAt + 24 * HOUR);
  });

  it('lets any visitor pick the store in the footer', async () => {
    lookupAnswers('DE');
    await renderApp('/en');
    const picker = await screen.findByRole('combobox', { name: 'Store' });
    await userEvent.setup().selectOptions(picker, 'UK store (£)');
    expect(getRegion()).toBe('uk');
    expect(picker).toHaveValue('uk');
  });
});
