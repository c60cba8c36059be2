import { readStored, writeStored } from './stored-value';

/** DESIGN section 5: the region picks prices and currency; GBP for `uk`, EUR for every other. */
export type Region = 'uk' | 'eu';

const KEY = 'region';
const LIFETIME_MS = 60 * 60 * 1000; // spec section 9: the country lookup is cached for an hour

export function getRegion(): Region {
  return readStored<Region>(KEY) ?? 'eu';
}

export function setRegionFromCountry(countryCode: string | null | undefined) {
  writeStored<Region>(KEY, countryCode?.toUpperCase() === 'GB' ? 'uk' : 'eu', LIFETIME_MS);
}

export function currencyOf(region: Region): 'GBP' | 'EUR' {
  return region === 'uk' ? 'GBP' : 'EUR';
}
