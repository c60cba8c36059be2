import { apiFetch } from '../api/http';
import type { Schemas } from '../api/types';

/**
 * POST /v2/account/stock-alerts {product_variant_id}: be told when a sold-out size is back (201 a new alert,
 * 200 the same one when asked again; 409 when it can be bought now; docs/api.md "Stock"). Shared here
 * because the product page and a protocol's sold-out line both ask, and features do not import each other.
 */
export function createStockAlert(productVariantId: number): Promise<Schemas['StockAlertOut']> {
  return apiFetch<Schemas['StockAlertOut']>('/v2/account/stock-alerts', {
    method: 'POST',
    body: { product_variant_id: productVariantId },
    auth: 'required',
  });
}
