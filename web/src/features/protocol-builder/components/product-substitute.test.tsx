import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import type { SubstituteOffer } from '../api/types';
import { lineSubstitute, product, protocol, substituteOffer } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

const SUBSTITUTE_PATH = (variantId: number) => `/v2/account/practitioners/protocols/1/products/${variantId}/substitute`;

const OMEGA_PLUS = substituteOffer(21, 'Omega Plus', { price: '11.00', price_difference: '-1.50', dose_ratio: 2 });
const OMEGA_LITE = substituteOffer(22, 'Omega Lite', {
  price: '14.50',
  price_difference: '2.00',
  dose_ratio: 0.5,
  reason: 'marked',
  unit: '90 softgels',
});

/** The storefront's substitutes call: the offers by slug, and every query it was asked with. */
function offersServer(offers: Record<string, SubstituteOffer[]>) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v2/storefront/products/:slug/substitutes', ({ request, params }) => {
      asked.push(`${String(params.slug)}${new URL(request.url).search}`);
      return HttpResponse.json(offers[String(params.slug)] ?? []);
    }),
  );
  return asked;
}

async function openActive() {
  const api = protocolServer(server, [
    protocol(
      1,
      [
        product(11, '12.50'),
        { ...product(12, '5.00'), substitute: lineSubstitute(31, 'Zinc Gold', { price_difference: '-0.50', dose_ratio: 1.5 }) },
      ],
      'Gut reset',
    ),
  ]);
  api.substitutes.set(21, lineSubstitute(21, 'Omega Plus', { price: '11.00', price_difference: '-1.50', dose_ratio: 2 }));
  api.substitutes.set(22, lineSubstitute(22, 'Omega Lite', { price: '14.50', price_difference: '2.00', dose_ratio: 0.5 }));
  const asked = offersServer({ 'product-11': [OMEGA_PLUS, OMEGA_LITE], 'product-12': [] });
  const user = userEvent.setup();
  await renderBuilder(<ProtocolBuilder />);
  await user.click(await screen.findByRole('button', { name: 'Protocols' }));
  await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
  await screen.findByRole('list', { name: 'Products in the protocol' });
  return { api, asked, user };
}

const row = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

describe("a protocol line's substitute", { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
    signInAs();
  });
  afterEach(() => setTokens(null));

  it('shows the current substitute with its size, price and dose against the line, and asks for no offers until opened', async () => {
    const { asked } = await openActive();
    const zinc = within(row('Product 12'));
    expect(zinc.getByText('Substitute:')).toBeInTheDocument();
    expect(zinc.getByText('Zinc Gold')).toBeInTheDocument();
    expect(zinc.getByText('60 capsules · 0,50 € cheaper · 1.5× the dose per serving')).toBeInTheDocument();
    expect(within(row('Product 11')).getByText('None chosen')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("lists the shop's offers, sends the chosen variant and shows it", async () => {
    const { api, asked, user } = await openActive();
    const toggle = screen.getByRole('button', { name: 'Choose a substitute for Product 11' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const offers = await screen.findByRole('list', { name: 'Alternatives to Product 11' });
    const items = within(offers).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // The offered variant's size, not the card's first one.
    expect(items[0]).toHaveTextContent('Omega Plus');
    expect(within(items[0] as HTMLElement).getByText('30 capsules · 11,00 €')).toBeInTheDocument();
    expect(
      within(items[0] as HTMLElement).getByText('Same nutrients per serving · 1,50 € cheaper · 2× the dose per serving'),
    ).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('90 softgels · 14,50 €')).toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).getByText("Shop's alternative · 2,00 € more · Half the dose per serving"),
    ).toBeInTheDocument();
    // The practitioner is choosing: the call does not put a protocol's choice first.
    expect(asked).toEqual(['product-11?variant_id=11']);

    await user.click(screen.getByRole('button', { name: 'Choose Omega Plus as the substitute for Product 11' }));
    await waitFor(() => expect(within(row('Product 11')).getByText('Omega Plus')).toBeInTheDocument());
    expect(api.calls('PUT', SUBSTITUTE_PATH(11)).map((call) => call.body)).toEqual([{ substitute_variant_id: 21 }]);
    expect(within(row('Product 11')).getByText('60 capsules · 1,50 € cheaper · 2× the dose per serving')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Substitute saved.');
    // The picker closed and the keyboard is back on its button, which now offers a change.
    expect(screen.queryByRole('list', { name: 'Alternatives to Product 11' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change the substitute for Product 11' })).toHaveFocus();
  });

  it('marks the current choice among the offers and clears it with null', async () => {
    const { api, user } = await openActive();
    await user.click(screen.getByRole('button', { name: 'Choose a substitute for Product 11' }));
    await user.click(await screen.findByRole('button', { name: 'Choose Omega Lite as the substitute for Product 11' }));
    await waitFor(() => expect(within(row('Product 11')).getByText('Omega Lite')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Change the substitute for Product 11' }));
    expect(await screen.findByRole('button', { name: 'Omega Lite is the substitute for Product 11' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove the substitute for Product 11' }));
    await waitFor(() => expect(within(row('Product 11')).getByText('None chosen')).toBeInTheDocument());
    expect(api.calls('PUT', SUBSTITUTE_PATH(11)).map((call) => call.body)).toEqual([
      { substitute_variant_id: 22 },
      { substitute_variant_id: null },
    ]);
    expect(await screen.findByText('Substitute removed.')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses, and keeps the line as it was", async () => {
    const { api, user } = await openActive();
    api.fail('PUT', SUBSTITUTE_PATH(11), 422, {
      message: 'A product cannot stand in for itself.',
      code: 'validation_error',
      errors: {},
    });
    await user.click(screen.getByRole('button', { name: 'Choose a substitute for Product 11' }));
    await user.click(await screen.findByRole('button', { name: 'Choose Omega Plus as the substitute for Product 11' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A product cannot stand in for itself.');
    // Still open, to choose another; nothing saved.
    expect(screen.getByRole('list', { name: 'Alternatives to Product 11' })).toBeInTheDocument();
    expect(within(row('Product 11')).getByText('None chosen')).toBeInTheDocument();
  });

  it('says so when the shop has no alternative', async () => {
    const { user } = await openActive();
    await user.click(screen.getByRole('button', { name: 'Change the substitute for Product 12' }));
    expect(await screen.findByText('The shop has no alternatives for this product yet.')).toBeInTheDocument();
    // The current choice can still be removed.
    expect(screen.getByRole('button', { name: 'Remove the substitute for Product 12' })).toBeEnabled();
  });

  it('shows a choice made on another device once the protocol changes (protocol.updated)', async () => {
    const { api } = await openActive();
    const [current] = api.protocols();
    if (!current) throw new Error('no protocol');
    api.replace({
      ...current,
      products: current.products.map((line) =>
        line.product_variant_id === 11 ? { ...line, substitute: lineSubstitute(22, 'Omega Lite', { dose_ratio: 0.5 }) } : line,
      ),
    });
    act(() => topicRegistry.dispatch({ topic: 'protocol.updated', data: { protocol_id: 1 } }));
    expect(await within(row('Product 11')).findByText('Omega Lite')).toBeInTheDocument();
    expect(within(row('Product 11')).getByText('60 capsules · Same price · Half the dose per serving')).toBeInTheDocument();
  });
});
