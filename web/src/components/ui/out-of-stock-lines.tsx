import { useTranslation } from 'react-i18next';

import type { ShortLine } from '../../lib/stock/out-of-stock';
import './stock-badge.css';

/**
 * The lines of a 409 `out_of_stock` refusal, each with what is left: "Vitamin D3 Drops: sold out",
 * "Magnesium: only 2 left". The screen that shows them says what to do next.
 */
export function OutOfStockLines({ lines }: { lines: readonly ShortLine[] }) {
  const { t } = useTranslation('common');
  return (
    <ul className="out-of-stock-lines">
      {lines.map((line) => (
        <li key={line.product_variant_id}>
          {line.available > 0
            ? t('stock.short.low', { name: line.name, count: line.available })
            : t('stock.short.sold-out', { name: line.name })}
        </li>
      ))}
    </ul>
  );
}
