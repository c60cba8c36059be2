/**
 * Spec docs/spec-coverage.md#s9-stored-value-keys-carry: stored values carry the product prefix and an expiry
 * time. A value past its expiry, or one that cannot be read, counts as absent (and is removed).
 */
export const STORAGE_PREFIX = 'practitioner-supplements:';

interface Envelope<T> {
  value: T;
  expires: number;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private modes and sandboxed frames may refuse storage
  }
}

export function readStored<T>(key: string, now: number = Date.now()): T | null {
  const store = storage();
  const raw = store?.getItem(STORAGE_PREFIX + key);
  if (!store || raw == null) return null;
  try {
    const envelope = JSON.parse(raw) as Envelope<T>;
    if (typeof envelope.expires !== 'number' || envelope.expires <= now) {
      store.removeItem(STORAGE_PREFIX + key);
      return null;
    }
    return envelope.value;
  } catch {
    store.removeItem(STORAGE_PREFIX + key);
    return null;
  }
}

export function writeStored<T>(key: string, value: T, lifetimeMs: number, now: number = Date.now()) {
  const envelope: Envelope<T> = { value, expires: now + lifetimeMs };
  storage()?.setItem(STORAGE_PREFIX + key, JSON.stringify(envelope));
}

export function removeStored(key: string) {
  storage()?.removeItem(STORAGE_PREFIX + key);
}
