import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';

import type { Stock } from '../../lib/stock/stock';
import { testI18n, testI18nReady } from '../../testing/test-i18n';
import { StockBadge } from './stock-badge';

async function renderBadge(stock: Stock | undefined, { showInStock = false, language = 'en' } = {}) {
  await testI18nReady;
  await act(() => testI18n.changeLanguage(language));
  return render(
    <I18nextProvider i18n={testI18n}>
      <Suspense fallback={null}>
        <p data-testid="holder">
          <StockBadge stock={stock} showInStock={showInStock} className="extra" />
        </p>
      </Suspense>
    </I18nextProvider>,
  );
}

const holder = () => screen.getByTestId('holder');
const low = (available: number): Stock => ({ state: 'low', available, note: '' });

describe('StockBadge', () => {
  afterEach(async () => {
    await act(() => testI18n.changeLanguage('en'));
  });

  it('says nothing for a variant in stock, unless the page wants it said', async () => {
    const view = await renderBadge({ state: 'in_stock', available: null, note: '' });
    expect(holder()).toBeEmptyDOMElement();
    view.unmount();

    await renderBadge({ state: 'in_stock', available: null, note: '' }, { showInStock: true });
    expect(holder()).toHaveTextContent('In stock');
  });

  it('says nothing without a stock (a reply that does not name the variant)', async () => {
    await renderBadge(undefined, { showInStock: true });
    expect(holder()).toBeEmptyDOMElement();
  });

  it('names the count when few are left, in the singular and the plural', async () => {
    const view = await renderBadge(low(1));
    expect(holder()).toHaveTextContent('Only 1 left');
    view.unmount();
    await renderBadge(low(3));
    expect(holder()).toHaveTextContent('Only 3 left');
  });

  it("uses each language's plural forms (Romanian: one, few, other; Japanese: one form)", async () => {
    let view = await renderBadge(low(1), { language: 'ro' });
    expect(holder()).toHaveTextContent('Doar 1 bucată rămasă');
    view.unmount();
    view = await renderBadge(low(3), { language: 'ro' });
    expect(holder()).toHaveTextContent('Doar 3 bucăți rămase');
    view.unmount();
    view = await renderBadge(low(20), { language: 'ro' });
    expect(holder()).toHaveTextContent('Doar 20 de bucăți rămase');
    view.unmount();
    view = await renderBadge(low(2), { language: 'es' });
    expect(holder()).toHaveTextContent('Solo quedan 2');
    view.unmount();
    await renderBadge(low(4), { language: 'ja' });
    expect(holder()).toHaveTextContent('残り4点');
  });

  it('says "Only a few left" for a low stock without a count', async () => {
    await renderBadge({ state: 'low', available: null, note: '' });
    expect(holder()).toHaveTextContent('Only a few left');
  });

  it('says sold out in words, with the state for styles', async () => {
    await renderBadge({ state: 'sold_out', available: null, note: '' });
    const badge = screen.getByText('Sold out');
    expect(badge).toHaveClass('stock-badge', 'stock-badge--sold_out', 'extra');
    expect(badge).toHaveAttribute('data-stock', 'sold_out');
  });

  it('says back-order with its delivery note when there is one', async () => {
    const view = await renderBadge({ state: 'back_order', available: null, note: 'Ships in 2 weeks' });
    expect(holder()).toHaveTextContent('On back-order: Ships in 2 weeks');
    view.unmount();
    await renderBadge({ state: 'back_order', available: null, note: '' });
    expect(holder()).toHaveTextContent(/^On back-order$/);
  });

  it('speaks the page language', async () => {
    await renderBadge({ state: 'sold_out', available: null, note: '' }, { language: 'de' });
    expect(holder()).toHaveTextContent('Ausverkauft');
  });
});
