import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { createAnswer, errorBody } from '../testing/api-capture';
import { product, protocol } from '../testing/protocol-fixtures';
import { addProtocolProduct } from './add-protocol-product';
import { deleteProtocolProduct } from './delete-protocol-product';
import { updateProtocolProduct } from './update-protocol-product';

const answer = createAnswer(server);
const PATH = '/v2/account/practitioners/protocols/4/products';
const P4 = protocol(4, [product(11, '12.50', 2)]);

describe('protocol product calls', () => {
  beforeEach(() => setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 3 }));
  afterEach(() => setTokens(null));

  it('adds with POST {quantity, product_variant_id, notes} and answers the protocol', async () => {
    const seen = answer('post', PATH, { message: 'Product added.', data: P4 });
    await expect(addProtocolProduct(4, { product_variant_id: 11, quantity: 2, notes: 'Morning' })).resolves.toEqual({
      message: 'Product added.',
      data: P4,
    });
    expect(seen[0]?.body).toEqual({ quantity: 2, product_variant_id: 11, notes: 'Morning' });
  });

  it('adds with a count under 1 as 1, and without a note as null', async () => {
    const seen = answer('post', PATH, { message: 'Product added.', data: P4 });
    await addProtocolProduct(4, { product_variant_id: 11, quantity: 0 });
    expect(seen[0]?.body).toEqual({ quantity: 1, product_variant_id: 11, notes: null });
  });

  it('updates with PUT {quantity, notes, product_variant_id} and answers the line', async () => {
    const line = { protocol_id: 4, product_id: 110, product_variant_id: 11, notes: 'Evening', quantity: 3 };
    const seen = answer('put', PATH, { message: 'Product details updated.', data: line });
    await expect(updateProtocolProduct(4, { product_variant_id: 11, quantity: 3, notes: 'Evening' })).resolves.toEqual({
      message: 'Product details updated.',
      data: line,
    });
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.body).toEqual({ quantity: 3, notes: 'Evening', schedule: null, product_variant_id: 11 });
  });

  it('sends an unchanged field as null and a quantity below 1 as 1', async () => {
    const line = { protocol_id: 4, product_id: 110, product_variant_id: 11, notes: '', quantity: 1 };
    const seen = answer('put', PATH, { message: 'Product details updated.', data: line });
    await updateProtocolProduct(4, { product_variant_id: 11, quantity: -3 });
    await updateProtocolProduct(4, { product_variant_id: 11, notes: 'Only the note' });
    expect(seen.map((request) => request.body)).toEqual([
      { quantity: 1, notes: null, schedule: null, product_variant_id: 11 },
      { quantity: null, notes: 'Only the note', schedule: null, product_variant_id: 11 },
    ]);
  });

  it('deletes with DELETE {product_variant_id} and answers the protocol', async () => {
    const seen = answer('delete', PATH, { message: 'Product deleted.', data: protocol(4) });
    await expect(deleteProtocolProduct(4, 11)).resolves.toMatchObject({ message: 'Product deleted.' });
    expect(seen[0]?.method).toBe('DELETE');
    expect(seen[0]?.body).toEqual({ product_variant_id: 11 });
  });

  it('maps a refused write to an ApiError with the server message', async () => {
    answer('post', PATH, errorBody('A protocol holds at most 200 products.', 'validation_error'), 422);
    await expect(addProtocolProduct(4, { product_variant_id: 11 })).rejects.toMatchObject({
      name: 'ApiError',
      status: 422,
      message: 'A protocol holds at most 200 products.',
    });
  });
});
