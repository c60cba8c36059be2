import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { recordAttribution } from './record-attribution';

describe('recordAttribution', () => {
  afterEach(() => setTokens(null));

  it('sends each variant once, in batches of at most 100, and adds up what was recorded', async () => {
    // Given 150 variants, one of them twice
    setTokens({ accessToken: 'visitor', refreshToken: 'refresh', userTypeId: 4 });
    const sent: number[][] = [];
    server.use(
      http.post('*/api/v2/storefront/stores/green-leaf/attribution', async ({ request }) => {
        const { product_variant_ids: ids } = (await request.json()) as { product_variant_ids: number[] };
        sent.push(ids);
        return HttpResponse.json({ message: 'Attribution recorded.', recorded: ids.length });
      }),
    );
    const ids = [...Array.from({ length: 150 }, (_, index) => index + 1), 1];

    // When they are recorded (the name in any case)
    const recorded = await recordAttribution('Green-Leaf', ids);

    // Then two calls carry 100 and 50 distinct ids
    expect(sent.map((batch) => batch.length)).toEqual([100, 50]);
    expect(sent.flat()).toEqual(Array.from({ length: 150 }, (_, index) => index + 1));
    expect(recorded).toBe(150);
  });

  it('calls nothing for no variants', async () => {
    setTokens({ accessToken: 'visitor', refreshToken: 'refresh', userTypeId: 4 });
    await expect(recordAttribution('green-leaf', [])).resolves.toBe(0);
  });
});
