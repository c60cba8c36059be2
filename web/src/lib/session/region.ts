import { readStored, writeStored } from './stored-value';

/** DESIGN section 5: the region picks prices and currency; GBP for `uk`, EUR for every other. */
export type Region = 'uk' | 'eu';

const KEY = 'region';
const LOCATION_KEY = 'location';
const LIFETIME_MS = 60 * 60 * 1000; // spec section 9: the country lookup is cached for an hour

/** Spec section 3 "Location cache"; the UK notice reads `country_code`. */
export interface Location {
  country: string | null;
  country_code: string | null;
}

/** Spec section 5: a country code is two letters, anything else is invalid (treated as unknown). */
const COUNTRY_CODE = /^[A-Za-z]{2}$/;

export function getRegion(): Region {
  return readStored<Region>(KEY) ?? 'eu';
}

export function setRegionFromCountry(countryCode: string | null | undefined) {
  writeStored<Region>(KEY, countryCode?.toUpperCase() === 'GB' ? 'uk' : 'eu', LIFETIME_MS);
}

/** Whether a looked-up region is stored and younger than an hour. */
export function isRegionFresh(): boolean {
  return readStored<Region>(KEY) !== null;
}

/** The visitor's country from the last lookup (null when unknown or older than an hour). */
export function getLocation(): Location | null {
  return readStored<Location>(LOCATION_KEY);
}

/** Stores a lookup's answer: the location cache and the region it implies. */
export function setLocation(location: Location) {
  const code = location.country_code && COUNTRY_CODE.test(location.country_code) ? location.country_code.toUpperCase() : null;
  writeStored<Location>(LOCATION_KEY, { country: location.country, country_code: code }, LIFETIME_MS);
  setRegionFromCountry(code);
}

export function currencyOf(region: Region): 'GBP' | 'EUR' {
  return region === 'uk' ? 'GBP' : 'EUR';
}
