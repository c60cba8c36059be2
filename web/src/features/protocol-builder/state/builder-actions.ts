/**
 * Everything that moves the builder (spec: docs/spec-coverage.md#s4-builder-states-nine-states), one typed
 * action per transition.
 */
import type { LineSchedule, Protocol, ProtocolPaging, ProtocolProduct } from '../api/types';
import type { BuilderMode } from './builder-state';

export type BuilderAction =
  /** Sign-in, sign-out or a new user type: decides Unauthorized or the mode's first view. */
  | { type: 'sessionChanged'; signedIn: boolean; userTypeId: number | null }
  | { type: 'modeChanged'; mode: BuilderMode }
  /** The Redesign panel dragged to a width; held between 300 and 900 px. */
  | { type: 'widthChanged'; width: number }
  /** The builder's open/close toggle. */
  | { type: 'toggled' }
  /** The Redesign panel's close button. */
  | { type: 'closed' }
  /** A list page the user asked for arrived (a page, a sort, the search): the list shows. */
  | { type: 'protocolsListed'; protocols: Protocol[]; paging: ProtocolPaging }
  /** The list on file refetched (a socket event, focus): it changes, the view does not. */
  | { type: 'protocolsRefreshed'; protocols: Protocol[]; paging: ProtocolPaging }
  /** The list asked for (e.g. back from the active protocol, or a menu). */
  | { type: 'listOpened' }
  /** A protocol chosen from the list, or restored from the cache: it becomes the active one. */
  | { type: 'protocolSelected'; protocol: Protocol }
  | { type: 'createStarted' }
  | { type: 'protocolCreated'; protocol: Protocol }
  | { type: 'editStarted' }
  /** The edit drawer's save answered. */
  | { type: 'protocolSaved'; protocol: Protocol }
  | { type: 'shareStarted' }
  /** The back button of the create, edit, share, note and active views. */
  | { type: 'back' }
  /** The user deleted a protocol (on this device). */
  | { type: 'protocolDeleted'; protocolId: number }
  /** A protocol was deleted on another device (`protocol.deleted`). */
  | { type: 'protocolDeletedElsewhere'; protocolId: number }
  | { type: 'protocolDuplicated'; protocol: Protocol }
  /** Fresh data for a protocol (a refetch, a socket event): no view changes. */
  | { type: 'protocolRefreshed'; protocol: Protocol }
  /** The active id could not be fetched (deleted, not ours): back to the start. */
  | { type: 'activeProtocolInvalid' }
  | { type: 'productAdded'; product: ProtocolProduct }
  /** A product was to be added with no protocol selected: the builder opens to pick one. */
  | { type: 'productAddBlocked' }
  /** Standard mode: the note bar after an add is opened for typing. */
  | { type: 'noteStarted' }
  | { type: 'productUpdated'; productVariantId: number; quantity?: number; notes?: string; schedule?: LineSchedule }
  | { type: 'productDeleted'; productVariantId: number };
