/**
 * What the builder keeps in the browser (spec: docs/spec-coverage.md#s3-cached-active-protocol,
 * docs/spec-coverage.md#s9-active-protocol-cache-12): the active protocol for 12 hours, tied to its user, and
 * the Standard bar's open state. Both are stored values with the product prefix and an expiry
 * (src/lib/session/stored-value.ts).
 */
import { readStored, removeStored, writeStored } from '../../../lib/session/stored-value';
import type { Protocol } from '../api/types';

export const ACTIVE_PROTOCOL_KEY = 'protocol-builder:active';
/** Spec docs/spec-coverage.md#s9-active-protocol-cache-12: the active protocol is cached 12 hours. */
export const ACTIVE_PROTOCOL_LIFETIME_MS = 12 * 60 * 60 * 1000;

export const STANDARD_OPEN_KEY = 'protocol-builder:standard-open';
/** The spec only says "kept locally"; a year, as long as the language cookie, outlives any habit. */
export const STANDARD_OPEN_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** Spec docs/spec-coverage.md#s3-cached-active-protocol "Cached active protocol". */
export interface CachedActiveProtocol {
  user_id: string;
  active_protocol: Protocol;
}

export type UserId = string | number;

/** A line as cached now: one cached before lines had a day (decision 0043) has no `schedule`. */
function hasSchedule(line: unknown): boolean {
  const schedule = (line as { schedule?: { slots?: unknown } } | null)?.schedule;
  return typeof schedule?.slots === 'object' && schedule.slots !== null;
}

function isCached(value: unknown): value is CachedActiveProtocol {
  if (typeof value !== 'object' || value === null) return false;
  const cached = value as { user_id?: unknown; active_protocol?: unknown };
  const protocol = cached.active_protocol as { protocol_id?: unknown; products?: unknown } | null | undefined;
  return (
    typeof cached.user_id === 'string' &&
    typeof protocol?.protocol_id === 'number' &&
    Array.isArray(protocol.products) &&
    // A copy from an older shape is dropped rather than shown: the protocol is fetched afresh.
    (protocol.products as unknown[]).every(hasSchedule)
  );
}

/** Keeps the active protocol for this user, or with null forgets it (the builder closed, the protocol gone). */
export function saveActiveProtocol(userId: UserId, protocol: Protocol | null, now: number = Date.now()) {
  if (protocol === null) {
    removeStored(ACTIVE_PROTOCOL_KEY);
    return;
  }
  const cached: CachedActiveProtocol = { user_id: String(userId), active_protocol: protocol };
  writeStored(ACTIVE_PROTOCOL_KEY, cached, ACTIVE_PROTOCOL_LIFETIME_MS, now);
}

/**
 * The cached active protocol if it belongs to this user and is under 12 hours old. Another user's
 * (a shared computer) or an unreadable one is discarded, so it is never shown to anyone.
 */
export function restoreActiveProtocol(userId: UserId, now: number = Date.now()): Protocol | null {
  const cached = readStored<unknown>(ACTIVE_PROTOCOL_KEY, now);
  if (cached === null) return null;
  if (!isCached(cached) || cached.user_id !== String(userId)) {
    removeStored(ACTIVE_PROTOCOL_KEY);
    return null;
  }
  return cached.active_protocol;
}

/**
 * Keeps the cache in step with the builder: whatever protocol the state holds is stored, and none
 * (closed in Redesign mode, deleted, reset, signed out) clears it. Screens call it after each change.
 */
export function syncActiveProtocolCache(userId: UserId, state: { activeProtocol: Protocol | null }, now: number = Date.now()) {
  saveActiveProtocol(userId, state.activeProtocol, now);
}

export function clearActiveProtocol() {
  removeStored(ACTIVE_PROTOCOL_KEY);
}

/** Standard mode: whether the bottom bar was left open (closed when never set). */
export function readStandardOpen(now: number = Date.now()): boolean {
  return readStored<unknown>(STANDARD_OPEN_KEY, now) === true;
}

export function writeStandardOpen(open: boolean, now: number = Date.now()) {
  writeStored(STANDARD_OPEN_KEY, open, STANDARD_OPEN_LIFETIME_MS, now);
}
