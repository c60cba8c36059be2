/** The builder's Daily totals panel and the share drawer's warning (docs/decisions/0031-daily-totals.md). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import type { NutrientReference, VariantFacts } from '../api/types';
import { product, protocol } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

const SOURCE = { authority: 'EFSA', kind: 'UL', applies_to: 'total', reference: 'EFSA NDA Panel 2023', year: 2023 };
const REFERENCE: NutrientReference[] = [
  { nutrient: 'vitamin_d', name: 'Vitamin D', unit: 'µg', limit: { amount: 100, forms: [], source: SOURCE } },
];
// Product 11: 25 µg of vitamin D a serving (1000 IU); product 12: 50 µg; product 13 has no facts.
const FACTS: VariantFacts[] = [
  { product_variant_id: 11, servings_per_day: 1, nutrients: [{ nutrient: 'vitamin_d', form: '', per_serving: 25 }] },
  { product_variant_id: 12, servings_per_day: 1, nutrients: [{ nutrient: 'vitamin_d', form: '', per_serving: 50 }] },
];

async function openActive() {
  const api = protocolServer(server, [protocol(1, [product(11, '12.50'), product(12, '5.00'), product(13, '8.00')], 'Winter')]);
  api.nutrition.facts = FACTS;
  api.nutrition.reference = REFERENCE;
  const user = userEvent.setup();
  await renderBuilder(<ProtocolBuilder />);
  await user.click(await screen.findByRole('button', { name: 'Protocols' }));
  await user.click(await screen.findByRole('button', { name: 'Open Winter' }));
  await screen.findByRole('list', { name: 'Products in the protocol' });
  return { api, user };
}

const totals = () => screen.getByRole('region', { name: 'Daily totals' });
const vitaminD = () => within(totals()).getByRole('row', { name: /Vitamin D/ });

describe('daily totals panel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
    signInAs();
  });
  afterEach(() => setTokens(null));

  it('adds up the lines against the limit and lists the product without facts', async () => {
    await openActive();

    await waitFor(() => expect(vitaminD()).toHaveTextContent('75 µg'));
    expect(vitaminD()).toHaveTextContent('100 µg');
    expect(vitaminD()).toHaveTextContent('75%');
    expect(within(totals()).queryByRole('alert')).toBeNull();
    expect(within(totals()).getByText('No supplement facts for Product 13: not counted.')).toBeInTheDocument();
  });

  it('moves at once when a slot changes and warns at 100 %, naming the lines that add up', async () => {
    const { api, user } = await openActive();
    await waitFor(() => expect(vitaminD()).toHaveTextContent('75 µg'));
    const more = () => screen.getByRole('button', { name: 'More Product 11 at Breakfast' });

    await user.click(more());

    await waitFor(() => expect(vitaminD()).toHaveTextContent('81.25 µg'));
    expect(within(totals()).getByText('Vitamin D is at 81% of its upper level. Adding up: Product 11, Product 12.')).toBeInTheDocument();
    await user.click(more());
    await user.click(more());
    await user.click(more());
    await waitFor(() => expect(vitaminD()).toHaveTextContent('100 µg'));
    expect(within(totals()).getByRole('alert')).toHaveTextContent(
      'Vitamin D reaches 100% of its upper level. Adding up: Product 11, Product 12.',
    );
    expect(api.calls('PUT', '/v2/account/practitioners/protocols/1/products').map((call) => call.body)).toContainEqual({
      quantity: null,
      notes: null,
      schedule: { slots: { breakfast: 2 }, with_food: 'any', cycle: null, start_date: null, weeks: null, steps: [] },
      product_variant_id: 11,
    });
  });

  it('asks for a reason before a protocol over a limit is shared, and sends it', async () => {
    const { api, user } = await openActive();
    await waitFor(() => expect(vitaminD()).toHaveTextContent('75 µg'));
    const box = screen.getByRole('textbox', { name: 'Servings of Product 12 at Breakfast' });
    await user.clear(box);
    await user.type(box, '1,5{Enter}');
    await waitFor(() => expect(vitaminD()).toHaveTextContent('100 µg'));

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(/This protocol is at or over an upper intake level \(Vitamin D\)/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: "New client's e-mail" }), 'ana@example.com{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lind');
    await user.click(within(screen.getByRole('group', { name: 'Discount' })).getByRole('radio', { name: '10 %' }));
    const share = screen.getAllByRole('button', { name: 'Share' }).at(-1) as HTMLElement;
    expect(share).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Why you share it anyway' }), 'Two weeks, then tested');
    expect(share).toBeEnabled();
    await user.click(share);

    await waitFor(() => expect(api.calls('POST', '/v2/account/practitioners/protocols/assign')).toHaveLength(1));
    expect(api.calls('POST', '/v2/account/practitioners/protocols/assign')[0]?.body).toMatchObject({
      email: 'ana@example.com',
      limit_reason: 'Two weeks, then tested',
    });
  });
});
