/**
 * Every message key of the builder (spec: docs/spec-coverage.md#s8-builder-toasts-select "Builder toasts",
 * the share flow's toasts and the share and form rules), all in the `builder` namespace
 * (locales/<lang>/builder.json). Keys the spec spells out ('client already selected', 'form.email-valid',
 * ...) keep its spelling; the toasts whose wording the spec leaves open are under `toast.`.
 */
import { FORM_MESSAGES } from './forms/protocol-form-rules';
import { SHARE_MESSAGES } from './share/share-form-rules';

export const BUILDER_NAMESPACE = 'builder';

export const BUILDER_TOASTS = {
  selectProtocolToAdd: 'toast.select-protocol-to-add',
  mustBeLoggedIn: 'toast.must-be-logged-in',
  sessionExpired: 'toast.session-expired',
  unexpectedError: 'toast.unexpected-error',
  /** The spec's fixed English 'Please select a protocol first', translated like everything else. */
  selectProtocolFirst: 'toast.select-protocol-first',
  protocolCreated: 'toast.protocol-created',
  protocolUpdated: 'toast.protocol-updated',
  protocolDuplicated: 'toast.protocol-duplicated',
  protocolDeleted: 'toast.protocol-deleted',
  productAdded: 'toast.product-added',
  productDetailsUpdated: 'toast.product-details-updated',
  quantityUpdated: 'toast.quantity-updated',
  scheduleUpdated: 'toast.schedule-updated',
  productDeleted: 'toast.product-deleted',
  templateAdded: 'toast.template-added',
  substituteSaved: 'toast.substitute-saved',
  substituteCleared: 'toast.substitute-cleared',
} as const;

/**
 * Spec docs/spec-coverage.md#s8-share-failure-toast-server: the share flow's and client search's toasts, and
 * the not-approved tooltip.
 */
export const SHARE_TOASTS = {
  noClient: 'no client',
  clientsFailed: 'failed to fetch clients',
  shareFailed: 'failed to share',
  shared: 'shared',
  copyLinkSuccess: 'copy link success',
  copyLinkFail: 'copy link fail',
  notApproved: 'share.not-approved',
} as const;

/**
 * Spec docs/spec-coverage.md#s8-client-protocol-delete: a client's failed protocol delete (the client's
 * protocol list).
 */
export const CLIENT_PROTOCOL_DELETE_ERROR = 'protocol.deleted-error';

/** The Redesign-mode reason an add was refused, as the toast to show. */
export const ADD_BLOCKER_TOASTS = {
  'sign-in': BUILDER_TOASTS.mustBeLoggedIn,
  'select-protocol': BUILDER_TOASTS.selectProtocolToAdd,
} as const;

/**
 * The server says this when an access token ran out mid-call (spec:
 * docs/spec-coverage.md#s8-builder-toasts-select: the session-expired toast).
 */
export const TOKEN_EXPIRED_MESSAGE = 'Token has expired';

/** Every key above once (the share form and the note bar share 'required'). */
export const ALL_BUILDER_KEYS: readonly string[] = [
  ...new Set<string>([
    ...Object.values(BUILDER_TOASTS),
    ...Object.values(SHARE_TOASTS),
    ...Object.values(SHARE_MESSAGES),
    ...Object.values(FORM_MESSAGES),
    CLIENT_PROTOCOL_DELETE_ERROR,
  ]),
];
