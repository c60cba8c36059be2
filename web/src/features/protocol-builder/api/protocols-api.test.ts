import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api/http';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { createAnswer, errorBody } from '../testing/api-capture';
import { page, protocol } from '../testing/protocol-fixtures';
import { createProtocol } from './create-protocol';
import { deleteProtocol } from './delete-protocol';
import { duplicateProtocol } from './duplicate-protocol';
import { fetchProtocol } from './get-protocol';
import { fetchProtocols, fetchProtocolTotal } from './list-protocols';
import { updateProtocol } from './update-protocol';

const answer = createAnswer(server);
const P1 = protocol(1);
const BASE = '/v2/account/practitioners/protocols';

describe('protocol calls', () => {
  beforeEach(() => setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 2 }));
  afterEach(() => setTokens(null));

  it('lists a page with page, limit 5 and sort by default, with the bearer', async () => {
    const seen = answer('get', BASE, page([P1]));
    await expect(fetchProtocols()).resolves.toEqual(page([P1]));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toEqual({ page: '1', limit: '5', sort: 'default' });
    expect(seen[0]?.authorization).toBe('Bearer access');
  });

  it('lists another page in another order', async () => {
    const seen = answer('get', BASE, page([P1], 6, 2));
    await fetchProtocols({ page: 2, sort: 'name_desc' });
    expect(seen[0]?.url.search).toBe('?page=2&limit=5&sort=name_desc');
  });

  it('reads the total with limit=1', async () => {
    const seen = answer('get', BASE, page([P1], 12));
    await expect(fetchProtocolTotal()).resolves.toBe(12);
    expect(seen[0]?.url.search).toBe('?limit=1');
  });

  it('gets one protocol by id', async () => {
    const seen = answer('get', `${BASE}/1`, P1);
    await expect(fetchProtocol(1)).resolves.toEqual(P1);
    expect(seen[0]?.method).toBe('GET');
  });

  it('maps a 404 to an ApiError with the server message', async () => {
    answer('get', `${BASE}/9`, errorBody('Protocol not found.', 'not_found'), 404);
    const error = await fetchProtocol(9).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Protocol not found.' });
  });

  it('creates with {name, description}', async () => {
    const seen = answer('post', `${BASE}/create`, P1, 201);
    await expect(createProtocol({ name: 'Sleep', description: 'Evening' })).resolves.toEqual(P1);
    expect(seen[0]?.body).toEqual({ name: 'Sleep', description: 'Evening' });
  });

  it('maps a create validation error to an ApiError with the server message', async () => {
    answer('post', `${BASE}/create`, errorBody('Give the protocol a name.', 'validation_error'), 422);
    await expect(createProtocol({ name: '' })).rejects.toMatchObject({ status: 422, message: 'Give the protocol a name.' });
  });

  it('updates with PUT .../update {name, description} and answers the message and protocol', async () => {
    const reply = { message: 'Protocol updated.', data: { ...P1, name: 'Renamed' } };
    const seen = answer('put', `${BASE}/1/update`, reply);
    await expect(updateProtocol(1, { name: 'Renamed', description: '' })).resolves.toEqual(reply);
    expect(seen[0]?.body).toEqual({ name: 'Renamed', description: '' });
  });

  it('sends a missing description on update as null, which keeps it', async () => {
    const seen = answer('put', `${BASE}/1/update`, { message: 'Protocol updated.', data: P1 });
    await updateProtocol(1, { name: 'Renamed' });
    expect(seen[0]?.body).toEqual({ name: 'Renamed', description: null });
  });

  it('deletes with DELETE .../{id}', async () => {
    const seen = answer('delete', `${BASE}/1`, { message: 'Protocol deleted.' });
    await expect(deleteProtocol(1)).resolves.toEqual({ message: 'Protocol deleted.' });
    expect(seen[0]?.method).toBe('DELETE');
    expect(seen[0]?.body).toBeUndefined();
  });

  it('duplicates with {protocol_id} and answers the copy’s id', async () => {
    const copy = protocol(2);
    const seen = answer('post', `${BASE}/duplicate`, { message: 'Protocol duplicated.', protocol_id: 2, data: copy }, 201);
    await expect(duplicateProtocol(1)).resolves.toMatchObject({ protocol_id: 2, data: copy });
    expect(seen[0]?.body).toEqual({ protocol_id: 1 });
  });

  it('refuses locally without a token (spec: docs/spec-coverage.md#s5-account-cart-requests) and sends nothing', async () => {
    setTokens(null);
    const seen = answer('get', BASE, page([]));
    await expect(fetchProtocols()).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(seen).toHaveLength(0);
  });
});
