/**
 * The protocol builder's state machine (spec: docs/spec-coverage.md#s4-builder-states-nine-states) as one
 * pure reducer. Side effects (calls, the cached active protocol, toasts) belong to the screens: they follow
 * the state this returns.
 */
import type { Protocol, ProtocolPaging } from '../api/types';
import type { BuilderAction } from './builder-actions';
import {
  clampWidth,
  EMPTY_PAGING,
  homeView,
  isBuilderUser,
  PROTOCOL_VIEWS,
  type BuilderState,
} from './builder-state';
import { addLine, removeLine, updateLine } from './protocol-math';

/** Actions that mean something before sign-in; every other one is ignored while Unauthorized. */
const ALWAYS: ReadonlySet<BuilderAction['type']> = new Set(['sessionChanged', 'modeChanged', 'widthChanged']);

function pagesFor(paging: ProtocolPaging, totalResults: number): ProtocolPaging {
  const total = Math.max(0, totalResults);
  return { ...paging, total_results: total, total_pages: Math.ceil(total / Math.max(1, paging.limit)) };
}

/** No protocol selected any more. */
function withoutSelection(state: BuilderState): BuilderState {
  return { ...state, activeProtocolId: null, activeProtocol: null, noteProductVariantId: null };
}

function activate(state: BuilderState, protocol: Protocol): BuilderState {
  return {
    ...state,
    view: 'ActiveProtocol',
    activeProtocolId: protocol.protocol_id,
    activeProtocol: protocol,
    noteProductVariantId: null,
  };
}

/** Adds a protocol to the list, first; an id already listed is ignored (spec: registering). */
function register(state: BuilderState, protocol: Protocol): BuilderState {
  if (state.protocols.some((item) => item.protocol_id === protocol.protocol_id)) return state;
  return {
    ...state,
    protocols: [protocol, ...state.protocols],
    paging: pagesFor(state.paging, state.paging.total_results + 1),
  };
}

function unlist(state: BuilderState, protocolId: number): BuilderState {
  if (!state.protocols.some((item) => item.protocol_id === protocolId)) return state;
  return {
    ...state,
    protocols: state.protocols.filter((item) => item.protocol_id !== protocolId),
    paging: pagesFor(state.paging, state.paging.total_results - 1),
  };
}

/** Puts a changed protocol wherever it shows: the list and, when it is the active one, the panel. */
function replace(state: BuilderState, protocol: Protocol): BuilderState {
  const id = protocol.protocol_id;
  return {
    ...state,
    protocols: state.protocols.map((item) => (item.protocol_id === id ? protocol : item)),
    activeProtocol: state.activeProtocolId === id ? protocol : state.activeProtocol,
  };
}

/** Applies a line change to the active protocol (and its list entry). */
function changeActive(state: BuilderState, change: (protocol: Protocol) => Protocol): BuilderState | null {
  if (!state.activeProtocol) return null;
  return replace(state, change(state.activeProtocol));
}

function onSession(state: BuilderState, signedIn: boolean, userTypeId: number | null): BuilderState {
  if (!isBuilderUser(signedIn, userTypeId)) {
    // Unauthorized is only ever entered cleared (see below and the initial state).
    if (state.view === 'Unauthorized') return state;
    // Whatever the last user had open must not show to the next one.
    return { ...withoutSelection(state), view: 'Unauthorized', protocols: [], paging: EMPTY_PAGING };
  }
  return state.view === 'Unauthorized' ? { ...state, view: homeView(state.mode) } : state;
}

function onMode(state: BuilderState, mode: BuilderState['mode']): BuilderState {
  if (mode === state.mode) return state;
  const next = { ...state, mode };
  if (state.view === 'Unauthorized') return next;
  // The note bar and "product added" exist only in Standard mode; Default only without a list panel.
  if (mode === 'Redesign' && (state.view === 'ProductAdded' || state.view === 'AddingNote')) {
    return { ...next, view: 'ActiveProtocol', noteProductVariantId: null };
  }
  if (mode === 'Redesign' && state.view === 'Default') return { ...next, view: 'ListingProtocols' };
  return next;
}

function onToggle(state: BuilderState): BuilderState {
  if (!state.enabled) return { ...state, enabled: true };
  // Off keeps the protocol id only if a protocol was active; the panel reopens on it.
  if (PROTOCOL_VIEWS.has(state.view) && state.activeProtocol) {
    return { ...state, enabled: false, view: 'ActiveProtocol', noteProductVariantId: null };
  }
  return { ...withoutSelection(state), enabled: false, view: homeView(state.mode) };
}

function onBack(state: BuilderState): BuilderState {
  switch (state.view) {
    case 'EditingProtocol':
    case 'SharingProtocol':
    case 'AddingNote':
    case 'ProductAdded':
      return state.activeProtocol ? { ...state, view: 'ActiveProtocol', noteProductVariantId: null } : state;
    case 'CreatingProtocol':
      return { ...state, view: state.activeProtocol ? 'ActiveProtocol' : homeView(state.mode) };
    case 'ActiveProtocol':
      return { ...state, view: 'ListingProtocols' };
    default:
      return state;
  }
}

function onProductAdded(state: BuilderState, action: Extract<BuilderAction, { type: 'productAdded' }>): BuilderState {
  const next = changeActive(state, (protocol) => addLine(protocol, action.product));
  if (!next) return state;
  return state.mode === 'Standard'
    ? { ...next, view: 'ProductAdded', noteProductVariantId: action.product.product_variant_id }
    : { ...next, view: 'ActiveProtocol', noteProductVariantId: null };
}

function onProductUpdated(state: BuilderState, action: Extract<BuilderAction, { type: 'productUpdated' }>): BuilderState {
  const { productVariantId, quantity, notes, schedule } = action;
  const next = changeActive(state, (protocol) => updateLine(protocol, productVariantId, { quantity, notes, schedule }));
  if (!next) return state;
  // Saving the note bar's note brings the bar back to the active protocol.
  return state.view === 'AddingNote' ? { ...next, view: 'ActiveProtocol', noteProductVariantId: null } : next;
}

function onProductDeleted(state: BuilderState, productVariantId: number): BuilderState {
  const next = changeActive(state, (protocol) => removeLine(protocol, productVariantId));
  if (!next) return state;
  const askingNote = state.view === 'ProductAdded' || state.view === 'AddingNote';
  return askingNote && state.noteProductVariantId === productVariantId
    ? { ...next, view: 'ActiveProtocol', noteProductVariantId: null }
    : next;
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  if (state.view === 'Unauthorized' && !ALWAYS.has(action.type)) return state;
  switch (action.type) {
    case 'sessionChanged':
      return onSession(state, action.signedIn, action.userTypeId);
    case 'modeChanged':
      return onMode(state, action.mode);
    case 'widthChanged':
      return Number.isFinite(action.width) ? { ...state, width: clampWidth(action.width) } : state;
    case 'toggled':
      return onToggle(state);
    case 'closed':
      return { ...withoutSelection(state), enabled: false, view: homeView(state.mode) };
    case 'protocolsListed':
      return { ...state, view: 'ListingProtocols', protocols: action.protocols, paging: action.paging };
    case 'protocolsRefreshed':
      return { ...state, protocols: action.protocols, paging: action.paging };
    case 'listOpened':
      return { ...state, view: 'ListingProtocols', noteProductVariantId: null };
    case 'protocolSelected':
      return activate(state, action.protocol);
    case 'createStarted':
      return { ...state, view: 'CreatingProtocol', noteProductVariantId: null };
    case 'protocolCreated':
      return activate(register(state, action.protocol), action.protocol);
    case 'editStarted':
      return state.activeProtocol ? { ...state, view: 'EditingProtocol', noteProductVariantId: null } : state;
    case 'protocolSaved': {
      const next = replace(state, action.protocol);
      return state.view === 'EditingProtocol' ? { ...next, view: 'ActiveProtocol' } : next;
    }
    case 'shareStarted':
      return state.activeProtocol ? { ...state, view: 'SharingProtocol', noteProductVariantId: null } : state;
    case 'back':
      return onBack(state);
    case 'protocolDeleted': {
      // Deleting from the edit drawer goes to the list in either mode.
      const view = state.view === 'EditingProtocol' ? 'ListingProtocols' : homeView(state.mode);
      return { ...withoutSelection(unlist(state, action.protocolId)), view };
    }
    case 'protocolDeletedElsewhere': {
      const next = unlist(state, action.protocolId);
      if (state.activeProtocolId !== action.protocolId) return next;
      return { ...withoutSelection(next), view: homeView(state.mode) };
    }
    case 'protocolDuplicated':
      return register(state, action.protocol);
    case 'protocolRefreshed':
      return replace(state, action.protocol);
    case 'activeProtocolInvalid':
      return { ...withoutSelection(state), view: homeView(state.mode) };
    case 'productAdded':
      return onProductAdded(state, action);
    case 'productAddBlocked':
      return state.activeProtocol
        ? { ...state, enabled: true }
        : { ...state, enabled: true, view: 'ListingProtocols' };
    case 'noteStarted':
      return state.view === 'ProductAdded' ? { ...state, view: 'AddingNote' } : state;
    case 'productUpdated':
      return onProductUpdated(state, action);
    case 'productDeleted':
      return onProductDeleted(state, action.productVariantId);
  }
}
