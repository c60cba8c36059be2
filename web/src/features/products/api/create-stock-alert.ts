import { apiFetch } from '../../../lib/api/http';
import type { Schemas } from '../../../lib/api/types';

/**
 * POST /v2/account/stock-alerts {product_variant_id}: be told when a sold-out size is back (201 a new alert,
 * 200 the same one when asked again; docs/api.md "Stock").
 */
export function createStockAlert(productVariantId: number): Promise<Schemas['StockAlertOut']> {
  return apiFetch<Schemas['StockAlertOut']>('/v2/account/stock-alerts', {
    method: 'POST',
    body: { product_variant_id: productVariantId },
    auth: 'required',
  });
}
