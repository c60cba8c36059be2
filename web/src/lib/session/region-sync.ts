import { postGeoip } from './api/geoip';
import { isLocationFresh, setLocation } from './region';
import { readStored, removeStored, writeStored } from './stored-value';

/**
 * Spec docs/spec-coverage.md#s9-country-lookup-cached-1: the country lookup is cached an hour and the cache
 * checked every 2 minutes.
 */
export const REGION_CHECK_MS = 2 * 60_000;
/**
 * Spec docs/spec-coverage.md#s9-location-cache-polled-up: the location cache is polled up to 20 times, 200 ms
 * apart.
 */
export const LOCATION_POLL_ATTEMPTS = 20;
export const LOCATION_POLL_MS = 200;

/**
 * Marks a lookup under way in this browser. Tabs opened together (a restored session) would otherwise
 * each ask the server; a tab that sees the mark polls the shared cache instead
 * (docs/decisions/0016-spec-coverage.md). It expires with the polling window, so a tab closed mid-lookup
 * blocks no one.
 */
const LOOKUP_KEY = 'location-lookup';

let pending: Promise<void> | null = null;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls the location cache (20 × 200 ms) while another tab's lookup is under way; true once it is filled. */
export async function awaitLocation(): Promise<boolean> {
  for (let attempt = 0; attempt < LOCATION_POLL_ATTEMPTS; attempt += 1) {
    if (isLocationFresh()) return true;
    if (readStored<number>(LOOKUP_KEY) === null) return false;
    await sleep(LOCATION_POLL_MS);
  }
  return isLocationFresh();
}

async function lookUp(): Promise<void> {
  if (readStored<number>(LOOKUP_KEY) !== null && (await awaitLocation())) return;
  writeStored<number>(LOOKUP_KEY, Date.now(), LOCATION_POLL_ATTEMPTS * LOCATION_POLL_MS);
  try {
    setLocation(await postGeoip());
  } catch (error: unknown) {
    // Nothing is offered until the next check succeeds; the region stays as it is.
    console.warn('Country lookup failed', error);
  } finally {
    removeStored(LOOKUP_KEY);
  }
}

/** Looks the country up when the location cache has expired (or was never set). One lookup at a time. */
export function syncRegion(): Promise<void> {
  if (isLocationFresh()) return Promise.resolve();
  pending ??= lookUp().finally(() => {
    pending = null;
  });
  return pending;
}

/** Checks now and then every 2 minutes; returns the stop function. */
export function startRegionSync(): () => void {
  void syncRegion();
  const timer = setInterval(() => void syncRegion(), REGION_CHECK_MS);
  return () => clearInterval(timer);
}
