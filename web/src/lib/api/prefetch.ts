import { unstable_serialize, type Key } from 'swr';

/**
 * How long a reply fetched ahead of its hook may stand in for a new call. The hook normally takes it
 * within a second (once the section's code and texts are in); after that the reply may be stale.
 */
export const PREFETCH_LIFETIME_MS = 10_000;

interface Entry {
  reply: Promise<unknown>;
  at: number;
}

const entries = new Map<string, Entry>();

function fresh(entry: Entry | undefined, now: number): entry is Entry {
  return entry !== undefined && now - entry.at < PREFETCH_LIFETIME_MS;
}

/**
 * Starts a call before the component whose SWR hook needs it has rendered (a route loader runs while
 * the section's code and translations still load). The hook's fetcher picks the reply up with
 * `takePrefetched` under the same SWR key. Unlike SWR's own `preload`, a reply nobody takes expires,
 * so it can never be served as fresh data minutes later.
 */
export function prefetch(key: Key, fetcher: () => Promise<unknown>, now: number = Date.now()): void {
  for (const [id, entry] of entries) {
    if (!fresh(entry, now)) entries.delete(id);
  }
  const id = unstable_serialize(key);
  if (entries.has(id)) return;
  const reply = fetcher();
  // The hook sees a failure when it takes the reply; until then it must not count as unhandled.
  reply.catch(() => undefined);
  entries.set(id, { reply, at: now });
}

/**
 * The fetcher of an SWR hook that may have been prefetched: the waiting reply for `key` when there is a
 * fresh one (each reply is taken once, so a later revalidation asks the server again), else `fetcher()`.
 */
export function takePrefetched<T>(key: Key, fetcher: () => Promise<T>, now: number = Date.now()): Promise<T> {
  const id = unstable_serialize(key);
  const entry = entries.get(id);
  entries.delete(id);
  // Only `prefetch` calls with this key's fetcher put a reply here, so it has the hook's type.
  return fresh(entry, now) ? (entry.reply as Promise<T>) : fetcher();
}
