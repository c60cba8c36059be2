import { apiFetch } from '../../../lib/api/http';
import type { StockAlert } from './list-stock-alerts';
import { STOCK_ALERTS_PATH } from './keys';

/** `DELETE /v2/account/stock-alerts/{id}`: cancels or dismisses one; answers the alerts left. */
export function deleteStockAlert(alertId: number): Promise<StockAlert[]> {
  return apiFetch<StockAlert[]>(`${STOCK_ALERTS_PATH}/${alertId}`, { method: 'DELETE', auth: 'required' });
}
