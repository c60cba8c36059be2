/**
 * The protocol builder's state (spec: docs/spec-coverage.md#s4-builder-states-nine-states "Protocol builder
 * states") and its constants.
 */
import { BUILDER_TYPES } from '../../../lib/session/user-types';
import { PROTOCOL_PAGE_SIZE } from '../api/keys';
import type { Protocol, ProtocolPaging } from '../api/types';

export const BUILDER_VIEWS = [
  'Unauthorized',
  'Default',
  'ListingProtocols',
  'CreatingProtocol',
  'ActiveProtocol',
  'EditingProtocol',
  'SharingProtocol',
  'AddingNote',
  'ProductAdded',
] as const;
export type BuilderView = (typeof BUILDER_VIEWS)[number];

export type BuilderMode = 'Redesign' | 'Standard';
export const DEFAULT_MODE: BuilderMode = 'Redesign';

/** Spec docs/spec-coverage.md#s9-builder-width-default-400: the Redesign panel's width in px. */
export const BUILDER_WIDTH = { default: 400, min: 300, max: 900 } as const;

/**
 * Who gets the builder: certified and plain practitioners (spec:
 * docs/spec-coverage.md#s6-builder-unauthorized-until). Admins are staff and work in /admin/; the server
 * still answers their protocol calls (docs/decisions/0016-spec-coverage.md).
 */
export const BUILDER_USER_TYPES: readonly number[] = BUILDER_TYPES;

/** The views that are about one protocol, i.e. where a protocol counts as active. */
export const PROTOCOL_VIEWS: ReadonlySet<BuilderView> = new Set<BuilderView>([
  'ActiveProtocol',
  'EditingProtocol',
  'SharingProtocol',
  'AddingNote',
  'ProductAdded',
]);

export interface BuilderState {
  view: BuilderView;
  mode: BuilderMode;
  width: number;
  /** Whether the builder is open; it starts disabled. */
  enabled: boolean;
  /** The list page on screen. */
  protocols: Protocol[];
  paging: ProtocolPaging;
  activeProtocolId: number | null;
  activeProtocol: Protocol | null;
  /** The product the Standard note bar asks a note for, after it was added. */
  noteProductVariantId: number | null;
}

export const EMPTY_PAGING: ProtocolPaging = {
  current_page: 1,
  limit: PROTOCOL_PAGE_SIZE,
  offset: 0,
  total_pages: 0,
  total_results: 0,
};

export interface InitialOptions {
  mode?: BuilderMode;
  width?: number;
  /** The Standard bar's open state as kept locally. */
  enabled?: boolean;
}

export function clampWidth(width: number): number {
  return Math.min(BUILDER_WIDTH.max, Math.max(BUILDER_WIDTH.min, Math.round(width)));
}

export function initialBuilderState({ mode = DEFAULT_MODE, width, enabled = false }: InitialOptions = {}): BuilderState {
  return {
    view: 'Unauthorized',
    mode,
    width: width === undefined || !Number.isFinite(width) ? BUILDER_WIDTH.default : clampWidth(width),
    enabled,
    protocols: [],
    paging: EMPTY_PAGING,
    activeProtocolId: null,
    activeProtocol: null,
    noteProductVariantId: null,
  };
}

/**
 * Spec docs/spec-coverage.md#s6-builder-unauthorized-until: signed in with a token and a practitioner type.
 */
export function isBuilderUser(signedIn: boolean, userTypeId: number | null | undefined): boolean {
  return signedIn && userTypeId != null && BUILDER_USER_TYPES.includes(userTypeId);
}

/** Where the builder rests without a protocol: Default in Standard mode, the list in Redesign mode. */
export function homeView(mode: BuilderMode): BuilderView {
  return mode === 'Standard' ? 'Default' : 'ListingProtocols';
}

export type AddBlocker = 'sign-in' | 'select-protocol';

/**
 * Spec docs/spec-coverage.md#s5-adding-product-needs-signed: adding a product needs a signed-in user and a
 * selected protocol; in Redesign mode the protocol must also be on screen (the ActiveProtocol view).
 */
export function addProductBlocker(state: BuilderState): AddBlocker | null {
  if (state.view === 'Unauthorized') return 'sign-in';
  if (state.activeProtocol === null) return 'select-protocol';
  if (state.mode === 'Redesign' && state.view !== 'ActiveProtocol') return 'select-protocol';
  return null;
}
