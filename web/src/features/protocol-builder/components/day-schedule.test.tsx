/** The builder's day grid over REST (docs/decisions/0043-the-day-schedule.md). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import type { LineSchedule, ProtocolProduct } from '../api/types';
import { product, protocol, schedule } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

const PRODUCTS_PATH = '/v2/account/practitioners/protocols/1/products';

function withDay(line: ProtocolProduct, day: LineSchedule): ProtocolProduct {
  return { ...line, schedule: day };
}

async function openActive(products = [product(11, '12.50'), product(12, '5.00')]) {
  const api = protocolServer(server, [protocol(1, products, 'Gut reset')]);
  const user = userEvent.setup();
  await renderBuilder(<ProtocolBuilder />);
  await user.click(await screen.findByRole('button', { name: 'Protocols' }));
  await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
  await screen.findByRole('list', { name: 'Products in the protocol' });
  /** The schedules sent, in order. */
  const sent = () => api.calls('PUT', PRODUCTS_PATH).map((call) => (call.body as { schedule: LineSchedule | null }).schedule);
  return { api, user, sent };
}

const day = (name: string) => screen.getByRole('group', { name: `Day of ${name}` });
const cell = (name: string, slot: string) => screen.getByRole('textbox', { name: `Servings of ${name} at ${slot}` });
const more = (name: string, slot: string) => screen.getByRole('button', { name: `More ${name} at ${slot}` });
const less = (name: string, slot: string) => screen.getByRole('button', { name: `Less ${name} at ${slot}` });
const row = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

describe('the day grid', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
    signInAs();
  });
  afterEach(() => setTokens(null));

  it('shows one cell per time slot for each product, empty where nothing is taken, and the daily total', async () => {
    await openActive([withDay(product(11, '12.50'), schedule({ slots: { breakfast: 1, dinner: 1.5 }, with_food: 'with' }))]);
    expect(within(day('Product 11')).getAllByRole('textbox').map((box) => [box.getAttribute('aria-label'), (box as HTMLInputElement).value])).toEqual([
      ['Servings of Product 11 at Waking', ''],
      ['Servings of Product 11 at Breakfast', '1'],
      ['Servings of Product 11 at Lunch', ''],
      ['Servings of Product 11 at Dinner', '1.5'],
      ['Servings of Product 11 at Bedtime', ''],
    ]);
    expect(within(row('Product 11')).getByText('Daily total: 2.5')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Product 11 with or without food' })).toHaveValue('with');
  });

  it('steps a slot: + on an empty cell gives one serving, then quarters; − takes a quarter and empties below one', async () => {
    const { user, sent } = await openActive();
    await user.click(more('Product 11', 'Lunch'));
    await waitFor(() => expect(cell('Product 11', 'Lunch')).toHaveValue('1'));
    expect(await screen.findByRole('status')).toHaveTextContent('Schedule updated.');
    await user.click(more('Product 11', 'Lunch'));
    await waitFor(() => expect(cell('Product 11', 'Lunch')).toHaveValue('1.25'));
    expect(within(row('Product 11')).getByText('Daily total: 2.25')).toBeInTheDocument();
    await user.click(less('Product 11', 'Breakfast'));
    await waitFor(() => expect(cell('Product 11', 'Breakfast')).toHaveValue('0.75'));
    await user.click(less('Product 11', 'Breakfast'));
    await user.click(less('Product 11', 'Breakfast'));
    await waitFor(() => expect(cell('Product 11', 'Breakfast')).toHaveValue('0.25'));
    await user.click(less('Product 11', 'Breakfast'));
    await waitFor(() => expect(cell('Product 11', 'Breakfast')).toHaveValue(''));
    // The whole schedule goes each time; the other line is untouched.
    expect(sent().map((value) => value?.slots)).toEqual([
      { breakfast: 1, lunch: 1 },
      { breakfast: 1, lunch: 1.25 },
      { breakfast: 0.75, lunch: 1.25 },
      { breakfast: 0.5, lunch: 1.25 },
      { breakfast: 0.25, lunch: 1.25 },
      { lunch: 1.25 },
    ]);
    expect(sent()[0]).toEqual({ slots: { breakfast: 1, lunch: 1 }, with_food: 'any', cycle: null, start_date: null, weeks: null, steps: [] });
    expect(cell('Product 12', 'Breakfast')).toHaveValue('1');
  });

  it("cannot empty a line's last slot: its − stops at a quarter, and an empty cell has nothing to take", async () => {
    const { user, sent } = await openActive([withDay(product(11, '12.50'), schedule({ slots: { breakfast: 0.25 } }))]);
    expect(less('Product 11', 'Breakfast')).toBeDisabled();
    expect(less('Product 11', 'Dinner')).toBeDisabled();
    expect(more('Product 11', 'Breakfast')).toBeEnabled();

    await user.click(more('Product 11', 'Dinner'));
    await waitFor(() => expect(less('Product 11', 'Breakfast')).toBeEnabled());
    await user.click(less('Product 11', 'Breakfast'));
    await waitFor(() => expect(cell('Product 11', 'Breakfast')).toHaveValue(''));
    await waitFor(() => expect(less('Product 11', 'Dinner')).toBeEnabled());
    expect(sent().map((value) => value?.slots)).toEqual([{ breakfast: 0.25, dinner: 1 }, { dinner: 1 }]);
  });

  it('takes a typed value on its nearest quarter; an empty box empties a slot, but never the last one', async () => {
    const { user, sent } = await openActive();
    await user.type(cell('Product 11', 'Dinner'), '1,6{Enter}');
    await waitFor(() => expect(cell('Product 11', 'Dinner')).toHaveValue('1.5'));
    await user.clear(cell('Product 11', 'Breakfast'));
    await user.tab();
    await waitFor(() => expect(cell('Product 11', 'Breakfast')).toHaveValue(''));
    // Dinner is now the only slot: clearing it puts its servings back and sends nothing.
    await user.clear(cell('Product 11', 'Dinner'));
    await user.tab();
    expect(cell('Product 11', 'Dinner')).toHaveValue('1.5');
    await user.type(cell('Product 11', 'Bedtime'), '80{Enter}');
    await waitFor(() => expect(cell('Product 11', 'Bedtime')).toHaveValue('48.5'));
    expect(more('Product 11', 'Bedtime')).toBeDisabled();
    expect(sent().map((value) => value?.slots)).toEqual([
      { breakfast: 1, dinner: 1.5 },
      { dinner: 1.5 },
      { dinner: 1.5, bedtime: 48.5 },
    ]);
  });

  it('sends with food or without it', async () => {
    const { user, sent } = await openActive();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product 12 with or without food' }), 'Without food');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ slots: { breakfast: 1 }, with_food: 'without' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Product 12 with or without food' })).toHaveValue('without'));
  });

  it('puts a slot back when the server refuses the schedule', async () => {
    const { api, user } = await openActive();
    api.fail('PUT', PRODUCTS_PATH, 422, { message: 'The schedule is not valid.', code: 'validation_error', errors: {} }, 50);
    await user.click(more('Product 11', 'Breakfast'));
    await waitFor(() => expect(cell('Product 11', 'Breakfast')).toHaveValue('1.25'));
    await waitFor(() => expect(cell('Product 11', 'Breakfast')).toHaveValue('1'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The schedule is not valid.');
  });

  it('says what is wrong with a cycle and writes nothing until it is right', async () => {
    const { user, sent } = await openActive();
    await user.click(screen.getByRole('button', { name: 'More timing for Product 11' }));
    const timing = screen.getByRole('form', { name: 'Timing of Product 11' });
    const on = within(timing).getByRole('spinbutton', { name: 'Days on' });
    const off = within(timing).getByRole('spinbutton', { name: 'Days off' });
    await user.type(on, '5');
    await user.click(within(timing).getByRole('button', { name: 'Save timing' }));
    const message = 'Days on and days off are whole numbers from 1 to 365: fill in both, or leave both empty.';
    expect(within(timing).getByRole('alert')).toHaveTextContent(message);
    expect(off).toHaveAttribute('aria-invalid', 'true');
    expect(off).toHaveAccessibleDescription(`Leave both empty to take it every day. ${message}`);
    await user.type(off, '400');
    await user.click(within(timing).getByRole('button', { name: 'Save timing' }));
    expect(within(timing).getByRole('alert')).toHaveTextContent(message);
    expect(sent()).toEqual([]);

    await user.clear(off);
    await user.type(off, '2');
    await user.click(within(timing).getByRole('button', { name: 'Save timing' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ slots: { breakfast: 1 }, cycle: { on_days: 5, off_days: 2 } });
    // Saved: the form starts afresh from the line's new schedule.
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Timing of Product 11' })).queryByRole('alert')).toBeNull());
    expect(screen.getByRole('spinbutton', { name: 'Days off' })).toHaveValue(2);
  });

  it('adds a titration step from the next week with its own slots, and removes one', async () => {
    const { user, sent } = await openActive();
    await user.click(screen.getByRole('button', { name: 'More timing for Product 11' }));
    const timing = () => screen.getByRole('form', { name: 'Timing of Product 11' });
    await user.click(within(timing()).getByRole('button', { name: 'Add a step' }));
    const step = within(timing()).getByRole('group', { name: 'Step 1' });
    expect(within(step).getByRole('spinbutton', { name: 'From week' })).toHaveValue(2);
    expect(within(step).getByRole('textbox', { name: 'Servings of Product 11 at Breakfast in step 1' })).toHaveValue('1');
    await user.click(within(step).getByRole('button', { name: 'More Product 11 at Dinner in step 1' }));
    await user.click(within(timing()).getByRole('button', { name: 'Add a step' }));
    const second = within(timing()).getByRole('group', { name: 'Step 2' });
    expect(within(second).getByRole('spinbutton', { name: 'From week' })).toHaveValue(3);
    await user.click(within(second).getByRole('button', { name: 'Remove step 2' }));
    expect(within(timing()).queryByRole('group', { name: 'Step 2' })).toBeNull();
    await user.click(within(timing()).getByRole('button', { name: 'Save timing' }));

    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ slots: { breakfast: 1 }, steps: [{ from_week: 2, slots: { breakfast: 1, dinner: 1 } }] });
    // The line's dose is the highest day: the step's 2, which the total says.
    await waitFor(() => expect(within(row('Product 11')).getByText('Daily total: 1, up to 2 in a later step')).toBeInTheDocument());
  });

  it('refuses a step outside the length, naming the step', async () => {
    const { user, sent } = await openActive([
      withDay(product(11, '12.50'), schedule({ weeks: 6, steps: [{ from_week: 3, slots: { breakfast: 2 } }] })),
    ]);
    await user.click(screen.getByRole('button', { name: 'More timing for Product 11' }));
    const timing = screen.getByRole('form', { name: 'Timing of Product 11' });
    await user.clear(within(timing).getByRole('spinbutton', { name: 'Length in weeks' }));
    await user.type(within(timing).getByRole('spinbutton', { name: 'Length in weeks' }), '2');
    await user.click(within(timing).getByRole('button', { name: 'Save timing' }));
    expect(within(timing).getByRole('alert')).toHaveTextContent(
      'Step 1: It starts in week 2 or later, after the step before it and within the length.',
    );
    expect(within(timing).getByRole('button', { name: 'Add a step' })).toBeDisabled();
    expect(sent()).toEqual([]);
  });
});
