import { postGeoip } from './api/geoip';
import { isLocationFresh, setLocation } from './region';

/** Spec section 9: the country lookup is cached an hour and the cache checked every 2 minutes. */
export const REGION_CHECK_MS = 2 * 60_000;

let pending: Promise<void> | null = null;

/** Looks the country up when the location cache has expired (or was never set). One lookup at a time. */
export function syncRegion(): Promise<void> {
  if (isLocationFresh()) return Promise.resolve();
  pending ??= postGeoip()
    .then((reply) => setLocation(reply))
    .catch((error: unknown) => {
      // Nothing is offered until the next check succeeds; the region stays as it is.
      console.warn('Country lookup failed', error);
    })
    .finally(() => {
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
