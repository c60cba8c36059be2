import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { createAnswer, errorBody } from '../testing/api-capture';
import { page, protocol } from '../testing/protocol-fixtures';
import { assignProtocol } from './assign-protocol';
import { getProtocolLink, protocolLinkUrl } from './get-protocol-link';
import { revokeProtocolLink } from './revoke-protocol-link';
import { searchClients } from './search-clients';
import { searchProtocols } from './search-protocols';

const answer = createAnswer(server);
const BASE = '/v2/account/practitioners/protocols';
const ANNA = { id: 5, first_name: 'Anna', last_name: 'Berg', email: 'anna@example.com', discount_rate: '10.00' };

describe('sharing and search calls', () => {
  beforeEach(() => setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 2 }));
  afterEach(() => setTokens(null));

  it('assigns with every field of the assign payload', async () => {
    const reply = {
      message: 'Protocol shared.',
      data: { protocol_id: 3, client: ANNA, discount: '10.00', notes: 'Hi', invited: false },
    };
    const seen = answer('post', `${BASE}/assign`, reply, 201);
    await expect(assignProtocol({ id: 3, user_id: 5, email: 'anna@example.com', notes: 'Hi' })).resolves.toEqual(reply);
    expect(seen[0]?.body).toEqual({
      id: 3,
      email: 'anna@example.com',
      first_name: null,
      last_name: null,
      user_id: 5,
      discount: null,
      notes: 'Hi',
      limit_reason: null,
      warning_reason: null,
    });
  });

  it('sends the reasons given for sharing over a limit and with medicines to avoid', async () => {
    const seen = answer('post', `${BASE}/assign`, { message: 'Protocol shared.', data: {} }, 201);
    await assignProtocol({ id: 3, user_id: 5, limit_reason: 'Two weeks', warning_reason: 'Spaced by the GP' });
    expect(seen[0]?.body).toMatchObject({ limit_reason: 'Two weeks', warning_reason: 'Spaced by the GP' });
  });

  it('throws a failed assign with its status and body', async () => {
    const body = errorBody('This protocol is already shared with that client.', 'conflict');
    answer('post', `${BASE}/assign`, body, 409);
    await expect(assignProtocol({ id: 3, email: 'new@example.com', first_name: 'N', last_name: 'C', discount: 5 })).rejects.toMatchObject({
      status: 409,
      body,
      message: 'This protocol is already shared with that client.',
    });
  });

  it('gets the link with POST .../{id}/link', async () => {
    const seen = answer('post', `${BASE}/3/link`, { link_token: 'tok', link: '/protocols/tok' });
    await expect(getProtocolLink(3)).resolves.toEqual({ link_token: 'tok', link: '/protocols/tok' });
    expect(seen[0]?.method).toBe('POST');
    expect(protocolLinkUrl('https://shop.test', 'de', 'tok')).toBe('https://shop.test/de/protocols/tok');
  });

  it('maps a link refused to a plain practitioner to an ApiError with the server message', async () => {
    const message = 'Sharing protocols unlocks once your practitioner certificate is validated.';
    answer('post', `${BASE}/3/link`, errorBody(message, 'forbidden'), 403);
    await expect(getProtocolLink(3)).rejects.toMatchObject({ status: 403, message });
  });

  it('revokes the link with DELETE .../{id}/link', async () => {
    const seen = answer('delete', `${BASE}/3/link`, { message: 'The link no longer works.' });
    await expect(revokeProtocolLink(3)).resolves.toEqual({ message: 'The link no longer works.' });
    expect(seen[0]?.method).toBe('DELETE');
  });

  it('searches protocols with {page 1, limit 50, query}', async () => {
    const seen = answer('post', `${BASE}/search`, page([protocol(3)]));
    await expect(searchProtocols('sleep')).resolves.toMatchObject({ total_results: 1 });
    expect(seen[0]?.body).toEqual({ page: 1, limit: 50, query: 'sleep' });
  });

  it('searches clients with {limit 100, keyword} and answers the clients', async () => {
    const seen = answer('post', '/v2/account/practitioners/clients', { clients: [ANNA] });
    await expect(searchClients(' ann ')).resolves.toEqual([ANNA]);
    expect(seen[0]?.body).toEqual({ limit: 100, keyword: 'ann' });
  });

  it('maps a failed client search to an ApiError with the server message', async () => {
    answer('post', '/v2/account/practitioners/clients', errorBody('Type at least 3 characters to search.', 'validation_error'), 422);
    await expect(searchClients('an')).rejects.toMatchObject({ status: 422, message: 'Type at least 3 characters to search.' });
  });
});
