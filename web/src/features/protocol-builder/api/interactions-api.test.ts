import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { createAnswer } from '../testing/api-capture';
import { schedule } from '../testing/protocol-fixtures';
import { arrangeProtocol } from './arrange-protocol';
import { fetchProtocolInteractions } from './get-protocol-interactions';

const answer = createAnswer(server);
const BASE = '/v2/account/practitioners/protocols';

describe('interactions calls', () => {
  beforeEach(() => setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 2 }));
  afterEach(() => setTokens(null));

  it('reads the warnings, medicines and rules of a protocol with the bearer', async () => {
    const reply = { warnings: [], medicines: [], rules: [] };
    const seen = answer('get', `${BASE}/4/interactions`, reply);
    await expect(fetchProtocolInteractions(4)).resolves.toEqual(reply);
    expect(seen[0]?.authorization).toBe('Bearer access');
  });

  it('asks for the arranged day with a POST and no body', async () => {
    const reply = { lines: [{ product_variant_id: 9, schedule: schedule({ slots: { lunch: 1 } }), moved: true }], cannot: [] };
    const seen = answer('post', `${BASE}/4/arrange`, reply);
    await expect(arrangeProtocol(4)).resolves.toEqual(reply);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toBeUndefined();
  });
});
