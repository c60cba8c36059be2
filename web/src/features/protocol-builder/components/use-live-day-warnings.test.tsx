/** The live warnings: worked out from the protocol as the editor has it, fetched once per set of variants. */
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import type { Protocol, VariantFacts } from '../api/types';
import type { RuleOut } from '../state/day-warnings';
import cases from '../state/day-warnings.cases.json';
import { createAnswer } from '../testing/api-capture';
import { product, protocol, schedule } from '../testing/protocol-fixtures';
import { useLiveDayWarnings } from './use-live-day-warnings';

const answer = createAnswer(server);
const BASE = '/v2/account/practitioners/protocols/1';
const RULES = (cases as unknown as { rules: RuleOut[] }).rules;
const FACTS: VariantFacts[] = [
  { product_variant_id: 11, servings_per_day: 1, nutrients: [{ nutrient: 'iron', form: '', per_serving: 14 }] },
  { product_variant_id: 12, servings_per_day: 1, nutrients: [{ nutrient: 'calcium', form: '', per_serving: 500 }] },
];

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

/** Iron at breakfast, calcium at `slot`, as a live document would have them. */
function withCalciumAt(slot: 'breakfast' | 'dinner'): Protocol {
  return protocol(1, [product(11, '10.00'), { ...product(12, '10.00'), schedule: schedule({ slots: { [slot]: 1 } }) }]);
}

describe('useLiveDayWarnings', () => {
  beforeEach(() => setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 2 }));
  afterEach(() => setTokens(null));

  it('is null until both replies are in, then follows the lines without asking again', async () => {
    const totals = answer('get', `${BASE}/daily-totals`, { nutrients: [], no_data: [], facts: FACTS, reference: [] });
    const interactions = answer('get', `${BASE}/interactions`, {
      warnings: [],
      medicines: [{ id: 'levothyroxine', name: 'Levothyroxine', classes: ['thyroid_hormones'], slots: ['waking', 'noon'] }],
      rules: RULES,
    });
    const { result, rerender } = renderHook(({ shown }) => useLiveDayWarnings(shown), {
      wrapper,
      initialProps: { shown: withCalciumAt('breakfast') },
    });
    expect(result.current).toBeNull();

    await waitFor(() => expect(result.current).not.toBeNull());
    const ids = (current: typeof result.current) => current?.warnings.map((warning) => [warning.ruleId, warning.lines, warning.medicines]);
    // Levothyroxine on waking (07:00) is within 4 hours of the iron and the calcium at breakfast (08:00).
    expect(ids(result.current)).toEqual([
      ['iron-calcium', [11, 12], []],
      ['thyroid-calcium-magnesium', [12], ['levothyroxine']],
      ['thyroid-iron', [11], ['levothyroxine']],
    ]);
    expect(result.current?.medicines.map((medicine) => medicine.name)).toEqual(['Levothyroxine']);

    rerender({ shown: withCalciumAt('dinner') });
    expect(ids(result.current)).toEqual([['thyroid-iron', [11], ['levothyroxine']]]);
    expect(totals).toHaveLength(1);
    expect(interactions).toHaveLength(1);
  });

  it('refetches the rules and medicines when a client changes their medicines, and for a new product', async () => {
    answer('get', `${BASE}/daily-totals`, { nutrients: [], no_data: [], facts: FACTS, reference: [] });
    const interactions = answer('get', `${BASE}/interactions`, { warnings: [], medicines: [], rules: RULES });
    const { result, rerender } = renderHook(({ shown }) => useLiveDayWarnings(shown), {
      wrapper,
      initialProps: { shown: protocol(1, [product(11, '10.00')]) },
    });
    await waitFor(() => expect(result.current).not.toBeNull());

    act(() => topicRegistry.dispatch({ topic: 'medicines.updated', data: { client_id: 5 } }));
    await waitFor(() => expect(interactions).toHaveLength(2));

    rerender({ shown: withCalciumAt('breakfast') });
    await waitFor(() => expect(interactions).toHaveLength(3));
    // The previous reply stands in meanwhile, so the panel never blanks.
    expect(result.current).not.toBeNull();
    await waitFor(() => expect(result.current?.warnings.map((warning) => warning.ruleId)).toEqual(['iron-calcium']));
  });
});
