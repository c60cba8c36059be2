/** The builder's "Timing and interactions" panel, "Arrange the day" and sharing with medicines to avoid. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import type { ConsideredMedicine, LineSchedule, ProtocolProduct, VariantFacts } from '../api/types';
import type { RuleOut } from '../state/day-warnings';
import cases from '../state/day-warnings.cases.json';
import { product, protocol, schedule } from '../testing/protocol-fixtures';
import { client, protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

const RULES = (cases as unknown as { rules: RuleOut[] }).rules;
const rule = (id: string) => RULES.find((item) => item.id === id) as RuleOut;
const IRON_CALCIUM = rule('iron-calcium');
const HYPERICUM_SSRI = rule('st-johns-wort-ssris');

// Product 11: iron; product 12: calcium; product 13: St John's wort; product 14 has no facts.
const FACTS: VariantFacts[] = [
  { product_variant_id: 11, servings_per_day: 1, nutrients: [{ nutrient: 'iron', form: '', per_serving: 14 }] },
  { product_variant_id: 12, servings_per_day: 1, nutrients: [{ nutrient: 'calcium', form: '', per_serving: 500 }] },
  { product_variant_id: 13, servings_per_day: 1, nutrients: [{ nutrient: 'st_johns_wort', form: '', per_serving: 300 }] },
];
const SERTRALINE: ConsideredMedicine = { id: 'sertraline', name: 'Sertraline', classes: ['ssris'], slots: ['breakfast'] };

const BASE = '/v2/account/practitioners/protocols';
const INTERACTIONS = `${BASE}/1/interactions`;
const PRODUCTS = `${BASE}/1/products`;
const ASSIGN = `${BASE}/assign`;

function line(variantId: number, day: LineSchedule = schedule()): ProtocolProduct {
  return { ...product(variantId, '10.00'), schedule: day };
}

async function openActive(lines: ProtocolProduct[], medicines: ConsideredMedicine[] = []) {
  const api = protocolServer(server, [protocol(1, lines, 'Winter')], [client(31, 'Anna', 'Smith', 'anna@example.com')]);
  api.nutrition.facts = FACTS;
  api.interactions.rules = RULES;
  api.interactions.medicines = medicines;
  const user = userEvent.setup();
  await renderBuilder(<ProtocolBuilder />);
  await user.click(await screen.findByRole('button', { name: 'Protocols' }));
  await user.click(await screen.findByRole('button', { name: 'Open Winter' }));
  await screen.findByRole('list', { name: 'Products in the protocol' });
  return { api, user };
}

const panel = () => screen.getByRole('region', { name: 'Timing and interactions' });
const warningsList = () => within(panel()).findByRole('list', { name: 'Warnings' });
const ironCalcium = () => within(panel()).queryByRole('listitem', { name: 'Caution: Product 11 and Product 12' });

describe('day warnings panel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
    signInAs();
  });
  afterEach(() => setTokens(null));

  it('lists each warning with its severity, products, medicines, advice and source, "avoid" first', async () => {
    await openActive([line(11), line(12), line(13), line(14)], [SERTRALINE]);

    const items = within(await warningsList()).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Avoid: Product 13 with Sertraline',
      'Caution: Product 11 and Product 12',
    ]);
    const [avoid, caution] = items as [HTMLElement, HTMLElement];
    expect(within(avoid).getByText('Avoid')).toBeInTheDocument();
    expect(within(avoid).getByText("Clients' medicines: Sertraline")).toBeInTheDocument();
    expect(within(avoid).getByText(HYPERICUM_SSRI.advice)).toBeInTheDocument();
    expect(within(caution).getByText('Caution')).toBeInTheDocument();
    expect(within(caution).getByText('Product 11 and Product 12')).toBeInTheDocument();
    expect(within(caution).getByText(IRON_CALCIUM.advice)).toBeInTheDocument();
    expect(within(caution).getByText(`Source: ${IRON_CALCIUM.source}`)).toBeInTheDocument();
    expect(
      within(panel()).getByText('Checked against the medicines of the clients this protocol is shared with: Sertraline (Breakfast).'),
    ).toBeInTheDocument();
    expect(within(panel()).getByText('Reference text from the sources named, not medical advice.')).toBeInTheDocument();
  });

  it('says when there is nothing to warn about and no medicines were checked', async () => {
    await openActive([line(11), line(12, schedule({ slots: { dinner: 1 } }))]);

    expect(await within(panel()).findByText('No spacing or interaction warnings for this day.')).toBeInTheDocument();
    expect(
      within(panel()).getByText(
        'No medicines checked: none of the clients this protocol is shared with lists any, or it is not shared yet.',
      ),
    ).toBeInTheDocument();
  });

  it('clears a spacing warning at once when a slot moves in the grid, without asking the server again', async () => {
    const { api, user } = await openActive([line(11), line(12)]);
    await waitFor(() => expect(ironCalcium()).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'More Product 12 at Dinner' }));
    expect(ironCalcium()).toBeInTheDocument();
    const breakfast = screen.getByRole('textbox', { name: 'Servings of Product 12 at Breakfast' });
    await user.clear(breakfast);
    await user.type(breakfast, '0{Enter}');

    await waitFor(() => expect(ironCalcium()).not.toBeInTheDocument());
    expect(await within(panel()).findByText('No spacing or interaction warnings for this day.')).toBeInTheDocument();
    expect(api.calls('PUT', PRODUCTS).at(-1)?.body).toMatchObject({ product_variant_id: 12, schedule: { slots: { dinner: 1 } } });
    expect(api.calls('GET', INTERACTIONS)).toHaveLength(1);
    expect(api.calls('GET', `${BASE}/1/daily-totals`)).toHaveLength(1);
  });

  it('arranges the day: shows the proposal and applies it through the grid’s action', async () => {
    const { api, user } = await openActive([line(11), line(12, schedule({ slots: { breakfast: 2 } }))]);
    await waitFor(() => expect(ironCalcium()).toBeInTheDocument());
    api.arrangement.reply = {
      lines: [
        { product_variant_id: 11, schedule: schedule(), moved: false },
        { product_variant_id: 12, schedule: schedule({ slots: { lunch: 2 } }), moved: true },
      ],
      cannot: [
        {
          kind: 'spacing',
          severity: 'caution',
          rule_id: 'thyroid-iron',
          lines: [11],
          medicines: ['levothyroxine'],
          nutrients: [],
          gap_hours: 4,
          advice: 'Keep iron 4 hours from thyroid hormones.',
          source: 'Source',
        },
      ],
    };

    await user.click(within(panel()).getByRole('button', { name: 'Arrange the day' }));

    const proposal = await within(panel()).findByRole('group', { name: 'Proposed day' });
    expect(api.calls('POST', `${BASE}/1/arrange`)).toHaveLength(1);
    expect(within(within(proposal).getByRole('list', { name: 'Products to move' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Product 12: Breakfast (2) → Lunch (2)',
    ]);
    expect(within(proposal).getByRole('list', { name: 'No arrangement keeps these:' })).toHaveTextContent(
      'Product 11 and levothyroxine: Keep iron 4 hours from thyroid hormones.',
    );
    expect(api.calls('PUT', PRODUCTS)).toHaveLength(0);

    await user.click(within(proposal).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(api.calls('PUT', PRODUCTS)).toHaveLength(1));
    expect(api.calls('PUT', PRODUCTS)[0]?.body).toEqual({
      product_variant_id: 12,
      quantity: null,
      notes: null,
      schedule: { slots: { lunch: 2 }, with_food: 'any', cycle: null, start_date: null, weeks: null, steps: [] },
    });
    await waitFor(() => expect(within(panel()).queryByRole('group', { name: 'Proposed day' })).toBeNull());
    await waitFor(() => expect(ironCalcium()).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Servings of Product 12 at Lunch' })).toHaveValue('2');
  });

  it('says when the day already keeps every rule it can, and cancels without writing', async () => {
    const { api, user } = await openActive([line(11), line(12)]);
    await waitFor(() => expect(ironCalcium()).toBeInTheDocument());

    await user.click(within(panel()).getByRole('button', { name: 'Arrange the day' }));
    const proposal = await within(panel()).findByRole('group', { name: 'Proposed day' });
    expect(within(proposal).getByText('The day already keeps every rule it can: nothing to move.')).toBeInTheDocument();
    expect(within(proposal).queryByRole('button', { name: 'Apply' })).toBeNull();
    await user.click(within(proposal).getByRole('button', { name: 'Close' }));

    expect(within(panel()).queryByRole('group', { name: 'Proposed day' })).toBeNull();
    expect(api.writes().filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('asks for each reason the server asks for in turn when sharing, and resends with both', async () => {
    const { user } = await openActive([line(13)]);
    const advice = `The reference rules say to avoid this with the client's medicines: ${HYPERICUM_SSRI.advice} Note why you share it anyway.`;
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(`*/api${ASSIGN}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        const refuse = (field: string, message: string) =>
          HttpResponse.json({ message, code: 'validation_error', errors: { [field]: ['required'] } }, { status: 422 });
        if (!body.limit_reason) return refuse('limit_reason', 'Over the upper level of St John’s wort.');
        if (!body.warning_reason) return refuse('warning_reason', advice);
        return HttpResponse.json({ message: 'Shared.', data: {} }, { status: 201 });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search your clients' }), 'anna');
    await user.click(await screen.findByRole('button', { name: 'Select anna@example.com' }, { timeout: 2000 }));
    const share = () => screen.getAllByRole('button', { name: 'Share' }).at(-1) as HTMLElement;

    await user.click(share());
    expect(
      await screen.findByText('This protocol is at or over an upper intake level. You can still share it: note why.'),
    ).toBeInTheDocument();
    expect(share()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Why you share it anyway' }), 'Two weeks only');
    await user.click(share());

    expect(
      await screen.findByText(
        "The reference rules say to avoid this protocol with the client's medicines. You can still share it: note why.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(advice)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Share with' })).toHaveTextContent('anna@example.com');
    expect(share()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Why you share it despite the medicines' }), 'Her GP agreed');
    await user.click(share());

    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((body) => [body.limit_reason, body.warning_reason])).toEqual([
      [null, null],
      ['Two weeks only', null],
      ['Two weeks only', 'Her GP agreed'],
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Protocol shared');
  });
});
