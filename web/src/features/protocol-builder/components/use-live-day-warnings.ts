import { useMemo } from 'react';

import { SLOTS, type Slot } from '../../../lib/schedule/slots';
import { useDailyTotals } from '../api/get-daily-totals';
import { useProtocolInteractions } from '../api/get-protocol-interactions';
import type { ConsideredMedicine, Protocol } from '../api/types';
import { dayWarnings, type DayWarning, type DayWarningLine, type DayWarningMedicine } from '../state/day-warnings';

/** The warnings of the protocol on screen now, and the clients' medicines they were held against. */
export interface LiveDayWarnings {
  warnings: DayWarning[];
  medicines: ConsideredMedicine[];
}

const isSlot = (value: string): value is Slot => (SLOTS as readonly string[]).includes(value);

/**
 * The spacing and interaction warnings of the protocol as the editor shows it now (the live document's
 * schedules included), worked out here (state/day-warnings.ts) from the facts of the daily-totals reply and
 * the rules and medicines of the interactions reply, so a slot moved on any device changes them at once,
 * without asking the server. A line whose facts have not arrived yet holds no nutrient until they do; null
 * until both replies are here.
 */
export function useLiveDayWarnings(protocol: Protocol | null): LiveDayWarnings | null {
  const protocolId = protocol ? protocol.protocol_id : null;
  const variantIds = protocol ? protocol.products.map((product) => product.product_variant_id) : [];
  const { data: totals } = useDailyTotals(protocolId, variantIds);
  const { data: interactions } = useProtocolInteractions(protocolId, variantIds);
  const products = protocol?.products;

  const medicines = useMemo<DayWarningMedicine[] | null>(
    () =>
      interactions
        ? interactions.medicines.map((medicine) => ({
            id: medicine.id,
            classes: medicine.classes,
            slots: medicine.slots.filter(isSlot),
          }))
        : null,
    [interactions],
  );

  return useMemo(() => {
    if (!totals || !interactions || !medicines || !products) return null;
    const factsOf = new Map(totals.facts.map((item) => [item.product_variant_id, item.nutrients]));
    const lines: DayWarningLine[] = products.map((product) => ({
      variantId: product.product_variant_id,
      nutrients: factsOf.get(product.product_variant_id) ?? [],
      schedule: product.schedule,
    }));
    return { warnings: dayWarnings(lines, medicines, interactions.rules), medicines: interactions.medicines };
  }, [interactions, medicines, products, totals]);
}
