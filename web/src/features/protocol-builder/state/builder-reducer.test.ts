import { describe, expect, it } from 'vitest';

import { page, product, protocol } from '../testing/protocol-fixtures';
import { run, signedIn, withActive } from '../testing/builder-states';
import { builderReducer } from './builder-reducer';
import { addProductBlocker, initialBuilderState } from './builder-state';

const P1 = protocol(1);
const P2 = protocol(2);

describe('builder reducer: sign-in, mode, width, open state', () => {
  it('starts Unauthorized, disabled, in Redesign mode, 400 px wide, with nothing selected', () => {
    expect(initialBuilderState()).toEqual({
      view: 'Unauthorized',
      mode: 'Redesign',
      width: 400,
      enabled: false,
      protocols: [],
      paging: { current_page: 1, limit: 5, offset: 0, total_pages: 0, total_results: 0 },
      activeProtocolId: null,
      activeProtocol: null,
      noteProductVariantId: null,
    });
  });

  it('stays Unauthorized for a client (type 4)', () => {
    const state = run(initialBuilderState(), { type: 'sessionChanged', signedIn: true, userTypeId: 4 });
    expect(state.view).toBe('Unauthorized');
  });

  it('stays Unauthorized for a practitioner type without a token', () => {
    const state = run(initialBuilderState(), { type: 'sessionChanged', signedIn: false, userTypeId: 2 });
    expect(state.view).toBe('Unauthorized');
  });

  it('goes to ListingProtocols on sign-in in Redesign mode', () => {
    const state = run(initialBuilderState(), { type: 'sessionChanged', signedIn: true, userTypeId: 3 });
    expect(state.view).toBe('ListingProtocols');
    expect(state.enabled).toBe(false);
  });

  it('goes to Default on sign-in in Standard mode', () => {
    const state = run(initialBuilderState({ mode: 'Standard' }), {
      type: 'sessionChanged',
      signedIn: true,
      userTypeId: 2,
    });
    expect(state.view).toBe('Default');
  });

  it('keeps admins (type 1) out: the builder is for practitioner types (spec: docs/spec-coverage.md#s6-builder-unauthorized-until)', () => {
    const state = run(initialBuilderState(), { type: 'sessionChanged', signedIn: true, userTypeId: 1 });
    expect(state.view).toBe('Unauthorized');
  });

  it('goes back to Unauthorized on sign-out and forgets the protocols and the selection', () => {
    const state = run(withActive('Redesign', P1), { type: 'sessionChanged', signedIn: false, userTypeId: null });
    expect(state).toMatchObject({ view: 'Unauthorized', protocols: [], activeProtocolId: null, activeProtocol: null });
    expect(state.paging.total_results).toBe(0);
  });

  it('ignores builder actions while Unauthorized', () => {
    const start = initialBuilderState();
    expect(builderReducer(start, { type: 'protocolSelected', protocol: P1 })).toBe(start);
    expect(builderReducer(start, { type: 'toggled' })).toBe(start);
  });

  it('keeps its view when the session repeats the same practitioner', () => {
    const active = withActive('Redesign', P1);
    expect(builderReducer(active, { type: 'sessionChanged', signedIn: true, userTypeId: 2 })).toBe(active);
  });

  it('restores the Standard open state given at start', () => {
    expect(initialBuilderState({ mode: 'Standard', enabled: true }).enabled).toBe(true);
  });

  it('switches mode from Standard to Redesign: Default becomes ListingProtocols', () => {
    const state = run(signedIn('Standard'), { type: 'modeChanged', mode: 'Redesign' });
    expect(state).toMatchObject({ mode: 'Redesign', view: 'ListingProtocols' });
  });

  it('switches mode from Standard to Redesign: the note bar becomes the active protocol', () => {
    const state = run(
      withActive('Standard', P1),
      { type: 'productAdded', product: product(9, '4.00') },
      { type: 'modeChanged', mode: 'Redesign' },
    );
    expect(state).toMatchObject({ mode: 'Redesign', view: 'ActiveProtocol', noteProductVariantId: null });
  });

  it('holds the dragged width between 300 and 900 px', () => {
    const state = signedIn('Redesign');
    expect(run(state, { type: 'widthChanged', width: 120 }).width).toBe(300);
    expect(run(state, { type: 'widthChanged', width: 5000 }).width).toBe(900);
    expect(run(state, { type: 'widthChanged', width: 512.4 }).width).toBe(512);
    expect(run(state, { type: 'widthChanged', width: Number.NaN }).width).toBe(400);
  });

  it('toggles on from disabled', () => {
    const start = run(initialBuilderState(), { type: 'sessionChanged', signedIn: true, userTypeId: 2 });
    expect(run(start, { type: 'toggled' }).enabled).toBe(true);
  });

  it('toggles off keeping the protocol id when a protocol was active', () => {
    const state = run(withActive('Standard', P1), { type: 'editStarted' }, { type: 'toggled' });
    expect(state).toMatchObject({ enabled: false, view: 'ActiveProtocol', activeProtocolId: 1, activeProtocol: P1 });
  });

  it('toggles off dropping the protocol id when no protocol was active', () => {
    const state = run(withActive('Standard', P1), { type: 'listOpened' }, { type: 'toggled' });
    expect(state).toMatchObject({ enabled: false, view: 'Default', activeProtocolId: null, activeProtocol: null });
  });

  it('closes (Redesign close button): disabled, no active protocol, back to the list', () => {
    const state = run(withActive('Redesign', P1), { type: 'closed' });
    expect(state).toMatchObject({ enabled: false, view: 'ListingProtocols', activeProtocolId: null, activeProtocol: null });
  });

  it('is forced open on the list when a product is added with none selected', () => {
    const closed = run(signedIn('Redesign'), { type: 'closed' });
    const state = run(closed, { type: 'productAddBlocked' });
    expect(state).toMatchObject({ enabled: true, view: 'ListingProtocols', activeProtocolId: null });
  });

  it('only opens, keeping its view, when a product is added while a protocol is selected', () => {
    const closed = run(withActive('Redesign', P1), { type: 'editStarted' }, { type: 'toggled' });
    expect(run(closed, { type: 'productAddBlocked' })).toMatchObject({
      enabled: true,
      view: 'ActiveProtocol',
      activeProtocolId: 1,
    });
  });
});

describe('builder reducer: list, selection, create, edit, share', () => {
  it('goes to ListingProtocols with the page and its paging when the list is set', () => {
    const listed = page([P1, P2], 7, 2);
    const state = run(signedIn('Standard'), { type: 'protocolsListed', protocols: listed.data, paging: listed });
    expect(state.view).toBe('ListingProtocols');
    expect(state.protocols).toEqual([P1, P2]);
    expect(state.paging).toMatchObject({ current_page: 2, total_pages: 2, total_results: 7, limit: 5 });
  });

  it('refreshes the list on file without leaving the active protocol', () => {
    const fresh = page([P2, P1], 2);
    const state = run(withActive('Redesign', P1), { type: 'protocolsRefreshed', protocols: fresh.data, paging: fresh });
    expect(state).toMatchObject({ view: 'ActiveProtocol', protocols: [P2, P1], activeProtocolId: 1 });
    expect(state.paging.total_results).toBe(2);
  });

  it('makes a selected protocol active and keeps its id', () => {
    const state = run(signedIn('Redesign'), { type: 'protocolSelected', protocol: P2 });
    expect(state).toMatchObject({ view: 'ActiveProtocol', activeProtocolId: 2, activeProtocol: P2 });
  });

  it('goes back from the active protocol to the list, keeping the selection', () => {
    const state = run(withActive('Redesign', P1), { type: 'back' });
    expect(state).toMatchObject({ view: 'ListingProtocols', activeProtocolId: 1 });
  });

  it('opens the create drawer', () => {
    expect(run(signedIn('Redesign'), { type: 'createStarted' }).view).toBe('CreatingProtocol');
  });

  it('makes a created protocol active and lists it first', () => {
    const state = run(withActive('Redesign', P1), { type: 'createStarted' }, { type: 'protocolCreated', protocol: P2 });
    expect(state).toMatchObject({ view: 'ActiveProtocol', activeProtocolId: 2, activeProtocol: P2 });
    expect(state.protocols.map((item) => item.protocol_id)).toEqual([2, 1]);
    expect(state.paging.total_results).toBe(2);
  });

  it('goes back from create to the mode’s start when no protocol is active', () => {
    expect(run(signedIn('Standard'), { type: 'createStarted' }, { type: 'back' }).view).toBe('Default');
    expect(run(signedIn('Redesign'), { type: 'createStarted' }, { type: 'back' }).view).toBe('ListingProtocols');
  });

  it('goes back from create to the active protocol when one is active', () => {
    expect(run(withActive('Redesign', P1), { type: 'createStarted' }, { type: 'back' }).view).toBe('ActiveProtocol');
  });

  it('goes from edit, then back, to ActiveProtocol', () => {
    const editing = run(withActive('Standard', P1), { type: 'editStarted' });
    expect(editing.view).toBe('EditingProtocol');
    expect(run(editing, { type: 'back' }).view).toBe('ActiveProtocol');
  });

  it('saves an edit: the new name shows in the panel and the list, and the view is ActiveProtocol', () => {
    const renamed = { ...P1, name: 'Renamed' };
    const state = run(withActive('Redesign', P1), { type: 'editStarted' }, { type: 'protocolSaved', protocol: renamed });
    expect(state).toMatchObject({ view: 'ActiveProtocol', activeProtocol: renamed });
    expect(state.protocols[0]?.name).toBe('Renamed');
  });

  it('goes from share, then back, to ActiveProtocol', () => {
    const sharing = run(withActive('Redesign', P1), { type: 'shareStarted' });
    expect(sharing.view).toBe('SharingProtocol');
    expect(run(sharing, { type: 'back' }).view).toBe('ActiveProtocol');
  });

  it('opens neither edit nor share without an active protocol', () => {
    const state = signedIn('Redesign');
    expect(run(state, { type: 'editStarted' })).toBe(state);
    expect(run(state, { type: 'shareStarted' })).toBe(state);
  });

  it('resets to Default (Standard) when the active id turns out invalid', () => {
    const state = run(withActive('Standard', P1), { type: 'activeProtocolInvalid' });
    expect(state).toMatchObject({ view: 'Default', activeProtocolId: null, activeProtocol: null });
  });

  it('resets to ListingProtocols (Redesign) when the active id turns out invalid', () => {
    const state = run(withActive('Redesign', P1), { type: 'activeProtocolInvalid' });
    expect(state).toMatchObject({ view: 'ListingProtocols', activeProtocolId: null });
  });

  it('refreshes a protocol’s data without leaving the view (a change from another device)', () => {
    const fresher = { ...P1, name: 'From the phone' };
    const state = run(withActive('Redesign', P1), { type: 'editStarted' }, { type: 'protocolRefreshed', protocol: fresher });
    expect(state).toMatchObject({ view: 'EditingProtocol', activeProtocol: fresher });
    expect(state.protocols[0]).toBe(fresher);
  });

  it('reports what blocks adding a product', () => {
    expect(addProductBlocker(initialBuilderState())).toBe('sign-in');
    expect(addProductBlocker(signedIn('Standard'))).toBe('select-protocol');
    expect(addProductBlocker(withActive('Redesign', P1))).toBeNull();
    expect(addProductBlocker(run(withActive('Redesign', P1), { type: 'editStarted' }))).toBe('select-protocol');
    expect(addProductBlocker(run(withActive('Standard', P1), { type: 'editStarted' }))).toBeNull();
  });
});
