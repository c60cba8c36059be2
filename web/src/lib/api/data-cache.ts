import type { SWRConfiguration } from 'swr';

/**
 * Spec docs/spec-coverage.md#s9-data-cache-dedupe-2, "Data cache": dedupe 2 s, focus throttle 5 s, error
 * retry 5 s (10 s on slow links).
 */
export const DATA_CACHE_MS = { dedupe: 2_000, focusThrottle: 5_000, errorRetry: 5_000, errorRetrySlow: 10_000 } as const;

interface NetworkInformation {
  effectiveType?: string;
}

/** A 2G link, as the Network Information API reports it where it exists. */
export function isSlowConnection(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g';
}

/**
 * The app-wide SWR settings. They equal SWR's defaults today; they are written here so the spec's figures
 * are the project's own and a library upgrade cannot move them.
 */
export function dataCacheConfig(slow: boolean = isSlowConnection()): SWRConfiguration {
  return {
    dedupingInterval: DATA_CACHE_MS.dedupe,
    focusThrottleInterval: DATA_CACHE_MS.focusThrottle,
    errorRetryInterval: slow ? DATA_CACHE_MS.errorRetrySlow : DATA_CACHE_MS.errorRetry,
  };
}
