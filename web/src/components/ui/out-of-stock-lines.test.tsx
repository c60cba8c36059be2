import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';

import type { ShortLine } from '../../lib/stock/out-of-stock';
import { testI18n, testI18nReady } from '../../testing/test-i18n';
import { OutOfStockLines } from './out-of-stock-lines';

async function renderLines(lines: ShortLine[], language = 'en') {
  await testI18nReady;
  await act(() => testI18n.changeLanguage(language));
  return render(
    <I18nextProvider i18n={testI18n}>
      <Suspense fallback={null}>
        <OutOfStockLines lines={lines} />
      </Suspense>
    </I18nextProvider>,
  );
}

const LINES: ShortLine[] = [
  { product_variant_id: 11, name: 'Vitamin D3 Drops', available: 0 },
  { product_variant_id: 12, name: 'Magnesium', available: 2 },
  { product_variant_id: 13, name: 'Zinc', available: 1 },
];

describe('OutOfStockLines', () => {
  afterEach(async () => {
    await act(() => testI18n.changeLanguage('en'));
  });

  it('names each line with what is left of it', async () => {
    await renderLines(LINES);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Vitamin D3 Drops: sold out',
      'Magnesium: only 2 left',
      'Zinc: only 1 left',
    ]);
  });

  it('speaks the page language', async () => {
    await renderLines(LINES, 'fr');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Vitamin D3 Drops : épuisé',
      'Magnesium : plus que 2 en stock',
      'Zinc : plus que 1 en stock',
    ]);
  });
});
