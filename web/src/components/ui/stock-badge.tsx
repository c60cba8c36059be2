import { useTranslation } from 'react-i18next';

import type { Stock } from '../../lib/stock/stock';
import './stock-badge.css';

interface StockBadgeProps {
  stock: Stock | null | undefined;
  /** Also say "In stock" (the product page); elsewhere a product in stock shows nothing. */
  showInStock?: boolean;
  className?: string;
}

/**
 * A variant's stock as buyers see it (docs/decisions/0040-stock-a-ledger-below-orders.md): "Only 3 left",
 * "Sold out", "On back-order" with its delivery note, or nothing while in stock. Text, not colour only: the
 * colour repeats what the words say.
 */
export function StockBadge({ stock, showInStock = false, className }: StockBadgeProps) {
  const { t } = useTranslation('common');
  if (!stock || (stock.state === 'in_stock' && !showInStock)) return null;
  let text: string;
  switch (stock.state) {
    case 'in_stock':
      text = t('stock.in-stock');
      break;
    case 'low':
      text = stock.available === null ? t('stock.few') : t('stock.low', { count: stock.available });
      break;
    case 'sold_out':
      text = t('stock.sold-out');
      break;
    case 'back_order':
      text = stock.note ? t('stock.back-order-note', { note: stock.note }) : t('stock.back-order');
      break;
  }
  return (
    <span className={['stock-badge', `stock-badge--${stock.state}`, className].filter(Boolean).join(' ')} data-stock={stock.state}>
      {text}
    </span>
  );
}
