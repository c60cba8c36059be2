import type { Day, DayItem, DaySlot, OwnAdherence } from '../api/types';

/** The signed-in client of these tests. */
export const CLIENT = { accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 };

/** Today, as the server of these tests counts it. */
export const TODAY = '2026-12-10';

export function item(overrides: Partial<DayItem> = {}): DayItem {
  return {
    protocol_id: 7,
    protocol_name: 'Better sleep',
    product_variant_id: 11,
    name: 'Omega 3',
    servings: 2,
    with_food: 'with',
    ...overrides,
  };
}

/** A slot whose check-ins follow its items' protocols, nothing recorded yet. */
export function slot(overrides: Partial<DaySlot> = {}): DaySlot {
  const items = overrides.items ?? [item()];
  const protocols = [...new Set(items.map((entry) => entry.protocol_id))];
  return {
    slot: 'breakfast',
    with_food: 'with',
    items,
    check_in: null,
    check_ins: protocols.map((protocolId) => ({ protocol_id: protocolId, state: null })),
    medicines: [],
    ...overrides,
  };
}

/**
 * A day of two protocols: breakfast holds Omega 3 (Better sleep) and Magnesium (Gut health) with food; bedtime
 * holds Magnesium alone, with the client's thyroid tablet.
 */
export function day(overrides: Partial<Day> = {}): Day {
  return {
    date: TODAY,
    slots: [
      slot({
        items: [
          item(),
          item({ protocol_id: 8, protocol_name: 'Gut health', product_variant_id: 12, name: 'Magnesium', servings: 1 }),
        ],
      }),
      slot({
        slot: 'bedtime',
        with_food: 'any',
        items: [
          item({ protocol_id: 8, protocol_name: 'Gut health', product_variant_id: 12, name: 'Magnesium', servings: 0.5, with_food: 'without' }),
        ],
        medicines: [{ id: 'levothyroxine', name: 'Levothyroxine' }],
      }),
    ],
    ...overrides,
  };
}

export function adherence(overrides: Partial<OwnAdherence> = {}): OwnAdherence {
  return {
    streak: 5,
    protocols: [
      { protocol_id: 7, name: 'Better sleep', taken: 5, skipped: 0, missed: 0, share: 1, share_7_days: 1, days: [] },
    ],
    ...overrides,
  };
}
