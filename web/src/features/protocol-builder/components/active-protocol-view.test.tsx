import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { product, protocol } from '../testing/protocol-fixtures';
import { protocolServer } from '../testing/protocol-server';
import { renderBuilder, signInAs } from '../testing/render-builder';
import { resetBuilderToasts } from './builder-toast-store';
import { ProtocolBuilder } from './protocol-builder';

const PRODUCTS_PATH = '/v2/account/practitioners/protocols/1/products';

async function openActive(products = [product(11, '12.50', 2, 'Twice a day'), product(12, '5.00')]) {
  const api = protocolServer(server, [protocol(1, products, 'Gut reset')]);
  const user = userEvent.setup();
  const view = await renderBuilder(<ProtocolBuilder />);
  await user.click(await screen.findByRole('button', { name: 'Protocols' }));
  await user.click(await screen.findByRole('button', { name: 'Open Gut reset' }));
  await screen.findByRole('list', { name: 'Products in the protocol' });
  return { api, user, view };
}

const row = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;
const quantity = (name: string) => screen.getByRole('textbox', { name: `Quantity of ${name}` });

describe('active protocol view', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    resetBuilderToasts();
    signInAs();
  });
  afterEach(() => setTokens(null));

  it('shows each product row: thumbnail, brand, name, quantity, note and line price, and the total', async () => {
    await openActive();
    const line = row('Product 11');
    expect(within(line).getByRole('img', { name: 'Product 11' })).toHaveAttribute('src', '/media/11-75.jpg');
    expect(within(line).getByText('Brand')).toBeInTheDocument();
    expect(within(line).getByRole('link', { name: 'Product 11' })).toHaveAttribute('href', '/en/products/product-11');
    expect(quantity('Product 11')).toHaveValue('2');
    expect(within(line).getByText('Twice a day')).toBeInTheDocument();
    expect(within(line).getByLabelText('Price for Product 11')).toHaveTextContent('25,00 €');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('30,00 €');
  });

  it("shows the stock of each line's variant when it is few, sold out or on back-order", async () => {
    const withStock = (line: ReturnType<typeof product>, stock: (typeof line.variants)[number]['stock']) => ({
      ...line,
      variants: line.variants.map((variant) => ({ ...variant, stock })),
    });
    await openActive([
      withStock(product(11, '12.50'), { state: 'low', available: 2, note: '' }),
      withStock(product(12, '5.00'), { state: 'sold_out', available: null, note: '' }),
      withStock(product(13, '7.00'), { state: 'back_order', available: null, note: 'Back in May' }),
      product(14, '3.00'),
    ]);
    expect(within(row('Product 11')).getByText('Only 2 left')).toBeInTheDocument();
    expect(within(row('Product 12')).getByText('Sold out')).toBeInTheDocument();
    expect(within(row('Product 13')).getByText('On back-order: Back in May')).toBeInTheDocument();
    expect(row('Product 14').querySelector('.stock-badge')).toBeNull();
  });

  it('steps the quantity up and down; below 1 removes the product', async () => {
    const { api, user } = await openActive();
    await user.click(screen.getByRole('button', { name: 'Add one Product 12' }));
    await waitFor(() => expect(quantity('Product 12')).toHaveValue('2'));
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('35,00 €');
    expect(await screen.findByRole('status')).toHaveTextContent('Quantity updated.');

    await user.click(screen.getByRole('button', { name: 'Remove one Product 12' }));
    await waitFor(() => expect(quantity('Product 12')).toHaveValue('1'));
    await user.click(screen.getByRole('button', { name: 'Remove one Product 12' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Product 12' })).toBeNull());
    expect(api.writes().map((call) => [call.method, call.body])).toEqual([
      ['PUT', { quantity: 2, notes: null, schedule: null, product_variant_id: 12 }],
      ['PUT', { quantity: 1, notes: null, schedule: null, product_variant_id: 12 }],
      ['DELETE', { product_variant_id: 12 }],
    ]);
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('25,00 €');
  });

  it('keeps only digits typed, makes an empty box 1 and holds a huge number at 999', async () => {
    const { api, user } = await openActive();
    const box = quantity('Product 11');
    await user.clear(box);
    await user.type(box, 'abc');
    expect(box).toHaveValue('');
    await user.tab();
    // Empty becomes 1, which differs from 2: sent as 1.
    await waitFor(() => expect(quantity('Product 11')).toHaveValue('1'));

    await user.clear(quantity('Product 11'));
    await user.type(quantity('Product 11'), '4x2{Enter}');
    await waitFor(() => expect(quantity('Product 11')).toHaveValue('42'));

    await user.clear(quantity('Product 11'));
    await user.click(quantity('Product 11'));
    await user.paste('123456789012345678901234567890');
    await user.tab();
    await waitFor(() => expect(quantity('Product 11')).toHaveValue('999'));
    expect(screen.getByRole('button', { name: 'Add one Product 11' })).toBeDisabled();

    // Typing 0 is sent as 1, never as a removal.
    await user.clear(quantity('Product 11'));
    await user.type(quantity('Product 11'), '0{Enter}');
    await waitFor(() => expect(quantity('Product 11')).toHaveValue('1'));
    const sent = api.calls('PUT', PRODUCTS_PATH).map((call) => (call.body as { quantity: number }).quantity);
    expect(sent).toEqual([1, 42, 999, 1]);
  });

  it('rolls a refused quantity back and shows the server message', async () => {
    const { api, user } = await openActive();
    api.fail('PUT', PRODUCTS_PATH, 400, { message: 'The quantity must be between 1 and 999.' });
    await user.click(screen.getByRole('button', { name: 'Add one Product 12' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The quantity must be between 1 and 999.');
    await waitFor(() => expect(quantity('Product 12')).toHaveValue('1'));
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('30,00 €');
  });

  it('edits a note, cutting a pasted huge note to the server limit; long notes scroll', async () => {
    const { api, user } = await openActive();
    await user.click(within(row('Product 12')).getByRole('button', { name: 'Add a note' }));
    const box = screen.getByRole('textbox', { name: 'Note for Product 12' });
    fireEvent.change(box, { target: { value: 'x'.repeat(5000) } });
    expect((box as HTMLTextAreaElement).value).toHaveLength(2000);
    await user.click(within(row('Product 12')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Product details updated.');
    const body = api.calls('PUT', PRODUCTS_PATH)[0]?.body as { notes: string; quantity: null };
    expect(body.notes).toHaveLength(2000);
    expect(body.quantity).toBeNull();
    const note = await within(row('Product 12')).findByLabelText('Note for Product 12');
    expect(note).toHaveClass('builder-note__text--scroll');
    expect(note).toHaveAttribute('tabindex', '0');
    // A short note does not scroll.
    expect(within(row('Product 11')).getByText('Twice a day')).not.toHaveClass('builder-note__text--scroll');
  });

  it('removes a product with its button', async () => {
    const { api, user } = await openActive();
    await user.click(screen.getByRole('button', { name: 'Remove Product 11 from the protocol' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Product 11' })).toBeNull());
    expect(await screen.findByRole('status')).toHaveTextContent('Product removed from the protocol.');
    expect(api.calls('DELETE', PRODUCTS_PATH)[0]?.body).toEqual({ product_variant_id: 11 });
  });

  it('asks before going to the protocol page (the redirect notice)', async () => {
    const { user, view } = await openActive();
    await user.click(screen.getByRole('button', { name: 'Open the protocol page' }));
    const notice = screen.getByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(notice).getByRole('button', { name: 'Stay here' }));
    expect(view.router.state.location.pathname).toBe('/en/products');
    await user.click(screen.getByRole('button', { name: 'Open the protocol page' }));
    await user.click(screen.getByRole('button', { name: 'Go to the page' }));
    expect(view.router.state.location.pathname).toBe('/en/account/practitioner/protocols/1');
  });
});
