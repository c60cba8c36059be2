import { useMemo } from 'react';

import { useDailyTotals } from '../api/get-daily-totals';
import type { DailyTotals, Protocol } from '../api/types';
import { isPendingProduct } from '../live/merge-protocol';
import { dailyTotals } from '../state/daily-totals';

/**
 * The daily totals of the protocol as the editor shows it now (the live document's schedules included),
 * added up here with the facts the server sent (state/daily-totals.ts), so a slot changed on any device
 * moves them at once. Lines whose facts are still on their way are left out until they arrive; null
 * before the first facts.
 */
export function useLiveDailyTotals(protocol: Protocol | null): DailyTotals | null {
  const variantIds = protocol ? protocol.products.map((product) => product.product_variant_id) : [];
  const { data } = useDailyTotals(protocol ? protocol.protocol_id : null, variantIds);
  const products = protocol?.products;
  return useMemo(() => {
    if (!data || !products) return null;
    const known = new Set([...data.facts.map((item) => item.product_variant_id), ...data.no_data]);
    const lines = products
      .filter((product) => known.has(product.product_variant_id))
      .map((product) => ({
        variantId: product.product_variant_id,
        schedule: isPendingProduct(product) ? null : product.schedule,
      }));
    return dailyTotals(lines, data.facts, data.reference);
  }, [data, products]);
}

/** The names of the nutrients at or over their upper level. */
export function nutrientsOver(totals: DailyTotals | null): string[] {
  return totals ? totals.nutrients.filter((row) => row.level === 'over').map((row) => row.name) : [];
}
