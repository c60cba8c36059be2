import { useSyncExternalStore } from 'react';

import { readStored, STORAGE_PREFIX, writeStored } from './stored-value';

/** docs/architecture.md, "HTTP API rules": the region picks prices and currency; GBP for `uk`, EUR for every other. */
export type Region = 'uk' | 'eu';

const REGION_KEY = 'region';
const LOCATION_KEY = 'location';
const NOTICE_DISMISSED_KEY = 'region-notice-dismissed';
/** Spec docs/spec-coverage.md#s9-country-lookup-cached-1: the country lookup is cached for an hour. */
export const LOCATION_LIFETIME_MS = 60 * 60 * 1000;
/**
 * The store a visitor picked is a preference, kept like one (docs/decisions/0010-web-app-part-one.md
 * "Regional notice").
 */
const REGION_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/**
 * Spec docs/spec-coverage.md#s9-regional-modal-gb-visitors: a dismissal is stored for 24 hours and hides the
 * notice for one hour.
 */
export const DISMISSAL_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const DISMISSAL_QUIET_MS = 60 * 60 * 1000;

/** Spec docs/spec-coverage.md#s3-location-cache "Location cache"; the UK notice reads `country_code`. */
export interface Location {
  country: string | null;
  country_code: string | null;
}

/**
 * Spec docs/spec-coverage.md#s5-country-code-must-two: a country code is two letters, anything else is
 * invalid (treated as unknown).
 */
const COUNTRY_CODE = /^[A-Za-z]{2}$/;

const listeners = new Set<() => void>();
let version = 0;

function notify() {
  version += 1;
  listeners.forEach((listener) => listener());
}

/** Region, location and dismissal changes, in this tab and (through `storage` events) in the others. */
export function subscribeRegion(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent) {
  if (event.key === null || event.key.startsWith(STORAGE_PREFIX)) notify();
}

/** The store the visitor shops in: the one they picked, else the EU store (EUR). */
export function getRegion(): Region {
  return readStored<Region>(REGION_KEY) ?? 'eu';
}

export function setRegion(region: Region) {
  writeStored<Region>(REGION_KEY, region, REGION_LIFETIME_MS);
  notify();
}

/** The visitor's country from the last lookup (null when unknown or older than an hour). */
export function getLocation(): Location | null {
  return readStored<Location>(LOCATION_KEY);
}

/** Whether the last country lookup is younger than an hour. */
export function isLocationFresh(): boolean {
  return getLocation() !== null;
}

/** Stores a lookup's answer in the location cache. It never changes the region by itself: the notice offers that. */
export function setLocation(location: Location) {
  const code =
    location.country_code && COUNTRY_CODE.test(location.country_code) ? location.country_code.toUpperCase() : null;
  writeStored<Location>(LOCATION_KEY, { country: location.country, country_code: code }, LOCATION_LIFETIME_MS);
  notify();
}

export function dismissRegionNotice(now: number = Date.now()) {
  writeStored<number>(NOTICE_DISMISSED_KEY, now, DISMISSAL_LIFETIME_MS, now);
  notify();
}

/**
 * Spec docs/spec-coverage.md#s4-regional-notice-gb-visitors "Regional notice": GB visitors not in the UK
 * store yet, unless dismissed within the hour.
 */
export function shouldOfferUkStore(now: number = Date.now()): boolean {
  if (getLocation()?.country_code !== 'GB' || getRegion() === 'uk') return false;
  const dismissedAt = readStored<number>(NOTICE_DISMISSED_KEY, now);
  return dismissedAt === null || now - dismissedAt >= DISMISSAL_QUIET_MS;
}

export function currencyOf(region: Region): 'GBP' | 'EUR' {
  return region === 'uk' ? 'GBP' : 'EUR';
}

/** The current region; re-renders when the visitor switches stores (here or in another tab). */
export function useRegion(): Region {
  useSyncExternalStore(subscribeRegion, () => version);
  return getRegion();
}

/** Re-renders on region, location or dismissal changes; for components that read several of them. */
export function useRegionVersion(): number {
  return useSyncExternalStore(subscribeRegion, () => version);
}
