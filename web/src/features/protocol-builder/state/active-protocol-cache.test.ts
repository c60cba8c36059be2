import { afterEach, describe, expect, it } from 'vitest';

import { STORAGE_PREFIX, writeStored } from '../../../lib/session/stored-value';
import { run, withActive } from '../testing/builder-states';
import { product, protocol } from '../testing/protocol-fixtures';
import {
  ACTIVE_PROTOCOL_KEY,
  ACTIVE_PROTOCOL_LIFETIME_MS,
  clearActiveProtocol,
  readStandardOpen,
  restoreActiveProtocol,
  saveActiveProtocol,
  STANDARD_OPEN_KEY,
  syncActiveProtocolCache,
  writeStandardOpen,
} from './active-protocol-cache';

const NOW = Date.UTC(2026, 10, 22, 12);
const P1 = protocol(1);

function raw(key: string): unknown {
  const text = window.localStorage.getItem(STORAGE_PREFIX + key);
  return text === null ? null : (JSON.parse(text) as unknown);
}

describe('active protocol cache', () => {
  afterEach(() => window.localStorage.clear());

  it('stores {user_id, active_protocol} under the product prefix for 12 hours', () => {
    saveActiveProtocol(7, P1, NOW);
    expect(raw(ACTIVE_PROTOCOL_KEY)).toEqual({
      value: { user_id: '7', active_protocol: P1 },
      expires: NOW + 12 * 60 * 60 * 1000,
    });
    expect(ACTIVE_PROTOCOL_LIFETIME_MS).toBe(43_200_000);
  });

  it('restores it for the same user', () => {
    saveActiveProtocol(7, P1, NOW);
    expect(restoreActiveProtocol('7', NOW + 1000)).toEqual(P1);
  });

  it('discards it for another user', () => {
    saveActiveProtocol(7, P1, NOW);
    expect(restoreActiveProtocol(8, NOW)).toBeNull();
    expect(raw(ACTIVE_PROTOCOL_KEY)).toBeNull();
    expect(restoreActiveProtocol(7, NOW)).toBeNull();
  });

  it('forgets it after 12 hours', () => {
    saveActiveProtocol(7, P1, NOW);
    expect(restoreActiveProtocol(7, NOW + ACTIVE_PROTOCOL_LIFETIME_MS - 1)).toEqual(P1);
    expect(restoreActiveProtocol(7, NOW + ACTIVE_PROTOCOL_LIFETIME_MS)).toBeNull();
  });

  it('discards a stored value that is not a cached protocol', () => {
    writeStored(ACTIVE_PROTOCOL_KEY, { user_id: '7', active_protocol: { name: 'no id' } }, 60_000, NOW);
    expect(restoreActiveProtocol(7, NOW)).toBeNull();
    expect(raw(ACTIVE_PROTOCOL_KEY)).toBeNull();
  });

  it('discards a protocol cached before lines had a day, whose lines have no schedule', () => {
    const before: Record<string, unknown> = { ...product(11, '2.00') };
    delete before.schedule;
    writeStored(ACTIVE_PROTOCOL_KEY, { user_id: '7', active_protocol: { ...protocol(1), products: [before] } }, 60_000, NOW);
    expect(restoreActiveProtocol(7, NOW)).toBeNull();
    const now = protocol(1, [product(11, '2.00')]);
    saveActiveProtocol(7, now, NOW);
    expect(restoreActiveProtocol(7, NOW)).toEqual(now);
  });

  it('is cleared by saving null (the Redesign close button) or by clearActiveProtocol', () => {
    saveActiveProtocol(7, P1, NOW);
    saveActiveProtocol(7, null, NOW);
    expect(raw(ACTIVE_PROTOCOL_KEY)).toBeNull();
    saveActiveProtocol(7, P1, NOW);
    clearActiveProtocol();
    expect(restoreActiveProtocol(7, NOW)).toBeNull();
  });

  it('follows the builder: the selected protocol is stored, the Redesign close button clears it', () => {
    const active = withActive('Redesign', P1);
    syncActiveProtocolCache(7, active, NOW);
    expect(restoreActiveProtocol(7, NOW)).toEqual(P1);
    syncActiveProtocolCache(7, run(active, { type: 'closed' }), NOW);
    expect(raw(ACTIVE_PROTOCOL_KEY)).toBeNull();
  });

  it('restored, makes the protocol active again through protocolSelected', () => {
    saveActiveProtocol(7, P1, NOW);
    const restored = restoreActiveProtocol(7, NOW);
    const state = restored ? run(withActive('Redesign', protocol(2)), { type: 'protocolSelected', protocol: restored }) : null;
    expect(state).toMatchObject({ view: 'ActiveProtocol', activeProtocolId: 1 });
  });
});

describe('Standard bar open state', () => {
  afterEach(() => window.localStorage.clear());

  it('is closed until set', () => {
    expect(readStandardOpen(NOW)).toBe(false);
  });

  it('is kept locally, open or closed', () => {
    writeStandardOpen(true, NOW);
    expect(readStandardOpen(NOW + 1000)).toBe(true);
    expect(raw(STANDARD_OPEN_KEY)).toMatchObject({ value: true });
    writeStandardOpen(false, NOW);
    expect(readStandardOpen(NOW)).toBe(false);
  });
});
