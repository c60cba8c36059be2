import { variantStock } from '../../../lib/stock/stock';
import type { LineSubstitute, ProtocolProduct } from '../api/types';

/**
 * The practitioner's substitute that stands in for the line now (docs/decisions/0041-substitutes.md): the
 * line's variant is sold out and the substitute is not. The server then counts it in the daily totals and
 * puts it into the cart with the protocol; null otherwise.
 */
export function countedSubstitute(line: ProtocolProduct): LineSubstitute | null {
  if (variantStock(line.variants, line.product_variant_id)?.state !== 'sold_out') return null;
  const substitute = line.substitute;
  return substitute && substitute.stock.state !== 'sold_out' ? substitute : null;
}
