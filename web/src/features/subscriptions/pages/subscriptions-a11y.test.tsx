import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { action, ADDRESS, CLIENT, EU_METHODS, line, proposal, subscription } from '../testing/fixtures';
import { renderPage } from '../testing/render-page';

/** axe-core's rules that jsdom can answer (no layout, so no colour contrast). */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('automatic refill pages accessibility (axe-core in jsdom)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setTokens(CLIENT);
    const refill = subscription({
      lines: [line(), line({ product_variant_id: 12, name: 'Magnesium', slug: 'magnesium', sold_out: true, substitute: { product_variant_id: 13, name: 'Magnesium Glycinate' } })],
    });
    server.use(
      http.get('*/api/v2/account/clients/subscriptions/proposal', () => HttpResponse.json(proposal())),
      http.get('*/api/v2/account/clients/subscriptions/5', () => HttpResponse.json(refill)),
      http.get('*/api/v2/account/clients/subscriptions', () => HttpResponse.json([refill])),
      http.get('*/api/v2/account/addresses', () => HttpResponse.json([ADDRESS])),
      http.get('*/api/v2/checkout/shipping-methods', () => HttpResponse.json(EU_METHODS)),
      http.get('*/api/v2/subscriptions/actions/:token', () => HttpResponse.json(action())),
    );
  });
  afterEach(() => setTokens(null));

  it('the subscribe page, with its errors shown', async () => {
    const user = userEvent.setup();
    await renderPage('/en/account/refills/new?protocol_id=7');
    await user.click(await screen.findByRole('button', { name: /Keizersgracht 123/ }));
    await screen.findByRole('radio', { name: /Standard delivery/ });
    await user.clear(screen.getByLabelText('City', { exact: false, selector: 'input' }));
    await user.click(screen.getByRole('radio', { name: 'My own interval' }));
    await user.click(screen.getByRole('button', { name: 'Start automatic refills' }));
    await screen.findByRole('alert');
    expect(await violations()).toEqual([]);
  });

  it('one refill, with the delivery form and the cancel question open', async () => {
    const user = userEvent.setup();
    await renderPage('/en/account/refills/5');
    await user.click(await screen.findByRole('button', { name: 'Change the address or method' }));
    await screen.findByRole('radio', { name: /Standard delivery/ });
    await user.click(screen.getByRole('button', { name: 'Cancel the automatic refill' }));
    expect(await violations()).toEqual([]);
  });

  it('the list and the one-click page', async () => {
    const view = await renderPage('/en/account/refills');
    await screen.findByRole('list', { name: 'Your automatic refills' });
    expect(await violations()).toEqual([]);
    view.unmount();
    await renderPage('/en/refills/actions/tok');
    await screen.findByRole('button', { name: 'Skip this parcel' });
    expect(await violations()).toEqual([]);
  });
});
