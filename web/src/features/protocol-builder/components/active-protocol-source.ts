/**
 * The one way screens change the active protocol. Every edit (name, description, quantity, note,
 * remove, add) goes through an `ActiveProtocolEditor` taken from `ActiveProtocolEditorContext`, so the
 * REST implementation here and the live (Yjs) one can be swapped without touching a component.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

import type { Protocol } from '../api/types';
import type { SchedulePatch } from '../state/schedule';

/**
 * `loading`: nothing to show yet; `ready`: the protocol is on screen; `error`: it could not be loaded
 * (and may be retried); `gone`: it does not exist or is not ours (the builder resets, spec
 * docs/spec-coverage.md#s4-active-protocol-restored).
 */
export type EditorStatus = 'idle' | 'loading' | 'ready' | 'error' | 'gone';

/**
 * How edits reach the server: `live` co-edited over the protocol's room; `offline` the room's connection
 * dropped, edits are kept and sent when it is back; `rest` plain requests (the REST editor, or the live
 * one before its first sync or after a refusal).
 */
export type EditorLink = 'live' | 'offline' | 'rest';

/** Another person (or device) editing the same protocol, as the presence slot shows them. */
export interface EditorPresence {
  id: string;
  name: string;
}

/**
 * Each write resolves with the protocol as this editor knows it afterwards (null when there is none)
 * and rejects with the error of the failed write, so the screen can pick its toast.
 */
export interface ActiveProtocolEditor {
  protocolId: number | null;
  protocol: Protocol | null;
  status: EditorStatus;
  /** Others editing now; always empty for the REST editor. */
  presence: readonly EditorPresence[];
  /** Unset means `rest`. */
  link?: EditorLink;
  rename(name: string): Promise<Protocol | null>;
  setDescription(description: string): Promise<Protocol | null>;
  setQuantity(variantId: number, quantity: number): Promise<Protocol | null>;
  setNotes(variantId: number, notes: string): Promise<Protocol | null>;
  /**
   * Changes the entries of the line's schedule the patch names (state/schedule.ts); rejects with
   * ScheduleRefusedError, writing nothing, when the result breaks a rule.
   */
  setSchedule(variantId: number, patch: SchedulePatch): Promise<Protocol | null>;
  removeProduct(variantId: number): Promise<Protocol | null>;
  addProduct(variantId: number, quantity: number, notes?: string): Promise<Protocol | null>;
}

export interface EditorProviderProps {
  protocolId: number | null;
  /** What is already known of the protocol (the builder's state, the cache) until it loads. */
  initial?: Protocol | null;
  children: ReactNode;
}

/** A component that puts an editor for `protocolId` into ActiveProtocolEditorContext. */
export type EditorProviderComponent = ComponentType<EditorProviderProps>;

export const ActiveProtocolEditorContext = createContext<ActiveProtocolEditor | null>(null);

export function useActiveProtocolEditor(): ActiveProtocolEditor {
  const editor = useContext(ActiveProtocolEditorContext);
  if (!editor) throw new Error('useActiveProtocolEditor needs an editor provider above it.');
  return editor;
}
