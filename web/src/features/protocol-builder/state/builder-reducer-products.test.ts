import { describe, expect, it } from 'vitest';

import { run, signedIn, withActive } from '../testing/builder-states';
import { product, protocol } from '../testing/protocol-fixtures';

const OMEGA = product(11, '12.50', 2);
const ZINC = product(12, '4.99', 1, 'with food');
const P1 = protocol(1, [OMEGA, ZINC]);
const P2 = protocol(2);

describe('builder reducer: products of the active protocol', () => {
  it('adds a product first and recomputes the total; Standard mode shows ProductAdded', () => {
    const state = run(withActive('Standard', P1), { type: 'productAdded', product: product(13, '3.10', 3) });
    expect(state.view).toBe('ProductAdded');
    expect(state.noteProductVariantId).toBe(13);
    expect(state.activeProtocol?.products.map((line) => line.product_variant_id)).toEqual([13, 11, 12]);
    expect(state.activeProtocol).toMatchObject({ total_price: '39.29', product_count: 3 });
    expect(state.protocols[0]?.total_price).toBe('39.29');
  });

  it('adds a product in Redesign mode and stays on ActiveProtocol', () => {
    const state = run(withActive('Redesign', P1), { type: 'productAdded', product: product(13, '1.00') });
    expect(state.view).toBe('ActiveProtocol');
    expect(state.noteProductVariantId).toBeNull();
    expect(state.activeProtocol?.products[0]?.product_variant_id).toBe(13);
    expect(state.activeProtocol?.total_price).toBe('30.99');
  });

  it('adds a variant already there in its place with the new count, as the server does', () => {
    const state = run(withActive('Redesign', P1), { type: 'productAdded', product: product(12, '4.99', 4) });
    expect(state.activeProtocol?.products.map((line) => [line.product_variant_id, line.item_count])).toEqual([
      [11, 2],
      [12, 4],
    ]);
    expect(state.activeProtocol).toMatchObject({ total_price: '44.96', product_count: 2 });
  });

  it('ignores an added product when no protocol is active', () => {
    const state = signedIn('Standard');
    expect(run(state, { type: 'productAdded', product: OMEGA })).toBe(state);
  });

  it('opens the note bar (AddingNote) after a product was added in Standard mode', () => {
    const state = run(withActive('Standard', P1), { type: 'productAdded', product: product(13, '1.00') }, { type: 'noteStarted' });
    expect(state.view).toBe('AddingNote');
  });

  it('returns the note bar to ActiveProtocol once the note is saved', () => {
    const state = run(
      withActive('Standard', P1),
      { type: 'productAdded', product: product(13, '1.00') },
      { type: 'noteStarted' },
      { type: 'productUpdated', productVariantId: 13, notes: 'Twice a day' },
    );
    expect(state).toMatchObject({ view: 'ActiveProtocol', noteProductVariantId: null });
    expect(state.activeProtocol?.products[0]?.notes).toBe('Twice a day');
  });

  it('goes back from the note bar to ActiveProtocol without a note', () => {
    const state = run(withActive('Standard', P1), { type: 'productAdded', product: product(13, '1.00') }, { type: 'back' });
    expect(state).toMatchObject({ view: 'ActiveProtocol', noteProductVariantId: null });
  });

  it('does not open the note bar outside ProductAdded', () => {
    const state = withActive('Standard', P1);
    expect(run(state, { type: 'noteStarted' })).toBe(state);
  });

  it('updates a product’s quantity and notes and recomputes the total', () => {
    const state = run(withActive('Redesign', P1), { type: 'productUpdated', productVariantId: 11, quantity: 5, notes: 'Morning' });
    expect(state.activeProtocol?.products[0]).toMatchObject({ item_count: 5, notes: 'Morning', line_total: '62.50' });
    expect(state.activeProtocol?.total_price).toBe('67.49');
    expect(state.protocols[0]?.total_price).toBe('67.49');
  });

  it('keeps the other field when only the quantity or only the note changes', () => {
    const state = run(
      withActive('Redesign', P1),
      { type: 'productUpdated', productVariantId: 12, quantity: 2 },
      { type: 'productUpdated', productVariantId: 11, notes: 'Evening' },
    );
    expect(state.activeProtocol?.products.map((line) => [line.item_count, line.notes])).toEqual([
      [2, 'Evening'],
      [2, 'with food'],
    ]);
    expect(state.activeProtocol?.total_price).toBe('34.98');
  });

  it('sends a quantity below 1 as 1 in the local copy too', () => {
    const state = run(withActive('Redesign', P1), { type: 'productUpdated', productVariantId: 11, quantity: 0 });
    expect(state.activeProtocol?.products[0]?.item_count).toBe(1);
    expect(state.activeProtocol?.total_price).toBe('17.49');
  });

  it('deletes a product, subtracting its price times its count', () => {
    const state = run(withActive('Redesign', P1), { type: 'productDeleted', productVariantId: 11 });
    expect(state.activeProtocol?.products.map((line) => line.product_variant_id)).toEqual([12]);
    expect(state.activeProtocol).toMatchObject({ total_price: '4.99', product_count: 1 });
  });

  it('subtracts from the server’s total, which may count lines the reply left out', () => {
    const withHidden = { ...P1, total_price: '100.00' };
    const state = run(withActive('Redesign', withHidden), { type: 'productDeleted', productVariantId: 12 });
    expect(state.activeProtocol?.total_price).toBe('95.01');
  });

  it('leaves the note bar when the product it asks about is deleted', () => {
    const state = run(
      withActive('Standard', P1),
      { type: 'productAdded', product: product(13, '1.00') },
      { type: 'productDeleted', productVariantId: 13 },
    );
    expect(state).toMatchObject({ view: 'ActiveProtocol', noteProductVariantId: null });
    expect(state.activeProtocol?.total_price).toBe('29.99');
  });
});

describe('builder reducer: deleting and duplicating protocols', () => {
  it('deletes in Standard mode: selection cleared, Default', () => {
    const state = run(withActive('Standard', P1, [P1, P2]), { type: 'protocolDeleted', protocolId: 1 });
    expect(state).toMatchObject({ view: 'Default', activeProtocolId: null, activeProtocol: null });
    expect(state.protocols).toEqual([P2]);
    expect(state.paging).toMatchObject({ total_results: 1, total_pages: 1 });
  });

  it('deletes in Redesign mode: selection cleared, ListingProtocols', () => {
    const state = run(withActive('Redesign', P1, [P1, P2]), { type: 'protocolDeleted', protocolId: 1 });
    expect(state).toMatchObject({ view: 'ListingProtocols', activeProtocolId: null });
    expect(state.protocols).toEqual([P2]);
  });

  it('deletes from the edit drawer to the list, in Standard mode too', () => {
    const state = run(withActive('Standard', P1), { type: 'editStarted' }, { type: 'protocolDeleted', protocolId: 1 });
    expect(state).toMatchObject({ view: 'ListingProtocols', activeProtocolId: null, protocols: [] });
  });

  it('drops a protocol deleted on another device; the active one sends the builder back', () => {
    const state = run(withActive('Redesign', P1, [P1, P2]), { type: 'protocolDeletedElsewhere', protocolId: 1 });
    expect(state).toMatchObject({ view: 'ListingProtocols', activeProtocolId: null, protocols: [P2] });
  });

  it('keeps the active protocol when another one is deleted on another device', () => {
    const state = run(withActive('Redesign', P1, [P1, P2]), { type: 'protocolDeletedElsewhere', protocolId: 2 });
    expect(state).toMatchObject({ view: 'ActiveProtocol', activeProtocolId: 1, protocols: [P1] });
    expect(state.paging.total_results).toBe(1);
  });

  it('registers a duplicate under its new id, first in the list, without changing the view', () => {
    const copy = { ...P1, protocol_id: 3, id: 3, name: 'Protocol 1 (copy)' };
    const state = run(withActive('Redesign', P1), { type: 'protocolDuplicated', protocol: copy });
    expect(state.protocols.map((item) => item.protocol_id)).toEqual([3, 1]);
    expect(state.paging.total_results).toBe(2);
    expect(state).toMatchObject({ view: 'ActiveProtocol', activeProtocolId: 1 });
  });

  it('ignores a duplicate whose id is already listed', () => {
    const state = withActive('Redesign', P1, [P1, P2]);
    expect(run(state, { type: 'protocolDuplicated', protocol: { ...P2, name: 'again' } })).toBe(state);
  });
});
