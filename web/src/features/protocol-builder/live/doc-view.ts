/**
 * What a protocol's Yjs document says, as plain data (docs/api.md "The document"). This module holds
 * no Yjs code on purpose: the screens read these types from the main bundle, while Yjs itself is
 * loaded only when a protocol is opened.
 */
import type { LineSchedule } from '../api/types';

export interface DocLine {
  variantId: number;
  /** Not needed by the server (it knows a variant's product); null when the document has none. */
  productId: number | null;
  /** Always between 1 and 999, as the server will store it. */
  quantity: number;
  notes: string;
  /**
   * The line's day (state/schedule.ts), read leniently like the server; null when the item has no schedule
   * map (a document from before schedules) or one that breaks a rule: the line keeps its REST schedule.
   */
  schedule: LineSchedule | null;
}

export interface DocProtocol {
  /** Null when the document holds no usable text: the REST protocol's value stands. */
  name: string | null;
  description: string | null;
  /** In the document's order, newest first, each variant once. */
  lines: DocLine[];
}

export interface AddLine {
  variantId: number;
  quantity: number;
  notes?: string;
  productId?: number | null;
  /** Without one the server gives the line the label's suggested dose when it projects. */
  schedule?: LineSchedule | null;
}

/** The server's limits (server/protocols/services.py): texts longer than these are cut when it projects. */
export const MAX_NAME = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_NOTES = 2000;
export const MAX_LINES = 100;

/**
 * `not-synced`: the document has not been received yet, so there is nothing to edit; `invalid-schedule`: the
 * schedule the edit would leave breaks a rule (state/schedule.ts), so nothing is written.
 */
export type DocEditFailure = 'empty-name' | 'not-in-protocol' | 'too-many-lines' | 'not-synced' | 'invalid-schedule';

/** An edit the document refuses (for the same reasons the REST calls refuse it). */
export class DocEditError extends Error {
  constructor(readonly reason: DocEditFailure) {
    super(`The protocol document refused the edit: ${reason}.`);
    this.name = 'DocEditError';
  }
}
