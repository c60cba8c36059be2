/**
 * The address rules of the server (server/orders/addresses.py), checked here on blur so a buyer hears of a
 * mistake before paying; the server checks again and its word wins (its 422 errors show at the fields).
 */
import type { Region } from '../session';

export const ADDRESS_FIELDS = ['first_name', 'last_name', 'line1', 'line2', 'city', 'postcode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;

export const EMPTY_ADDRESS: AddressValues = {
  first_name: '',
  last_name: '',
  line1: '',
  line2: '',
  city: '',
  postcode: '',
  country: '',
};

export const REQUIRED_FIELDS: readonly AddressField[] = ['first_name', 'last_name', 'line1', 'city', 'postcode', 'country'];
export const MAX_LENGTHS: Partial<Record<AddressField, number>> = {
  first_name: 80,
  last_name: 80,
  line1: 120,
  line2: 120,
  city: 80,
  postcode: 16,
};

/**
 * Where each store ships to. The API has no call listing them (a country not shipped to is only a 422 of
 * the shipping-methods call), so this is the server's seeded destination table
 * (server/orders/migrations/0002_seed_destinations.py): the UK store ships to GB, the EU store to the rest.
 */
export const SHIPPING_COUNTRIES: Readonly<Record<Region, readonly string[]>> = {
  uk: ['GB'],
  eu: ['AT', 'BE', 'DE', 'DK', 'ES', 'FI', 'FR', 'HU', 'IE', 'IT', 'LU', 'NL', 'PT', 'RO', 'SE'],
};

/** Postcode shapes, compared upper-case with runs of spaces made single (as the server does). */
export const POSTCODES: Readonly<Record<string, RegExp>> = {
  // Royal Mail's outward and inward codes (e.g. SW1A 1AA, M1 1AE); the space is optional when typed.
  GB: /^(GIR ?0AA|[A-Z]{1,2}[0-9][0-9A-Z]? ?[0-9][A-Z]{2})$/,
  NL: /^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Z]{2}$/,
  BE: /^[1-9][0-9]{3}$/,
  DE: /^(?!00)[0-9]{5}$/,
  FR: /^(?:0[1-9]|[1-8][0-9]|9[0-8])[0-9]{3}$/,
};

/** Upper case, single spaces; GB and NL get their usual space (SW1A1AA is SW1A 1AA, 1234AB 1234 AB). */
export function normalisePostcode(country: string, postcode: string): string {
  let code = postcode.toUpperCase().split(/\s+/).filter(Boolean).join(' ');
  if (country === 'GB' && !code.includes(' ') && code.length >= 5) code = `${code.slice(0, -3)} ${code.slice(-3)}`;
  if (country === 'NL' && !code.includes(' ') && code.length === 6) code = `${code.slice(0, 4)} ${code.slice(4)}`;
  return code;
}

/** Whether the postcode fits the country's shape; countries without a rule take any postcode. */
export function postcodeFits(country: string, postcode: string): boolean {
  const rule = POSTCODES[country.toUpperCase()];
  return rule === undefined || rule.test(normalisePostcode(country.toUpperCase(), postcode));
}

/** What is wrong with one field, as the server would word it (`required`, `too long`, `invalid`), or null. */
export type AddressProblem = 'required' | 'too long' | 'invalid' | 'not shipped to';

export function checkAddressField(
  field: AddressField,
  values: AddressValues,
  countries: readonly string[],
): AddressProblem | null {
  const text = values[field].trim();
  if (REQUIRED_FIELDS.includes(field) && !text) return 'required';
  const max = MAX_LENGTHS[field];
  if (max !== undefined && text.length > max) return 'too long';
  if (field === 'country' && !countries.includes(text.toUpperCase())) return 'not shipped to';
  if (field === 'postcode' && !postcodeFits(values.country, text)) return 'invalid';
  return null;
}
