import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import {
  checkAddressField,
  EMPTY_ADDRESS,
  MAX_LENGTHS,
  normalisePostcode,
  POSTCODES,
  postcodeFits,
  REQUIRED_FIELDS,
  SHIPPING_COUNTRIES,
} from './address-rules';

const serverFile = (path: string) =>
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../../server/orders', path), 'utf8');

describe('the server\'s rules, held together with this copy', () => {
  it('ships where the seeded destination table says, per store', () => {
    const seeded: Record<string, string[]> = { uk: [], eu: [] };
    for (const [, country, region] of serverFile('migrations/0002_seed_destinations.py').matchAll(
      /^\s+\("([A-Z]{2})", "[^"]+", "(uk|eu)", "[0-9.]+"\),$/gm,
    )) {
      if (country && region) seeded[region]?.push(country);
    }
    expect(SHIPPING_COUNTRIES.uk).toEqual(seeded.uk);
    expect([...SHIPPING_COUNTRIES.eu]).toEqual([...(seeded.eu ?? [])].sort());
  });

  it('checks the same postcode shapes, required fields and lengths', () => {
    const source = serverFile('addresses.py');
    const patterns: Record<string, string> = {};
    for (const [, country, pattern] of source.matchAll(/^\s+"([A-Z]{2})": re\.compile\(r"(.+)"\),$/gm)) {
      if (country && pattern) patterns[country] = pattern;
    }
    expect(Object.fromEntries(Object.entries(POSTCODES).map(([country, rule]) => [country, rule.source]))).toEqual(patterns);
    expect(source).toContain(`REQUIRED = (${REQUIRED_FIELDS.map((field) => `"${field}"`).join(', ')})`);
    expect(source).toContain(
      `MAX_LENGTHS = {${Object.entries(MAX_LENGTHS).map(([field, max]) => `"${field}": ${String(max)}`).join(', ')}}`,
    );
  });
});

describe('postcodes (as server/orders/addresses.py checks them)', () => {
  it.each([
    ['GB', 'SW1A 1AA'],
    ['GB', 'sw1a1aa'],
    ['GB', 'M1 1AE'],
    ['GB', 'GIR 0AA'],
    ['NL', '1012 LG'],
    ['NL', '1012lg'],
    ['BE', '1000'],
    ['DE', '10115'],
    ['FR', '75001'],
    ['FR', '98000'],
    ['AT', 'anything'],
  ])('%s takes %s', (country, postcode) => {
    expect(postcodeFits(country, postcode)).toBe(true);
  });

  it.each([
    ['GB', '12345'],
    ['NL', '0123 AB'],
    ['NL', '1012 SS'],
    ['NL', '1012'],
    ['BE', '0999'],
    ['DE', '00123'],
    ['DE', '1011'],
    ['FR', '99000'],
    ['FR', '00100'],
  ])('%s refuses %s', (country, postcode) => {
    expect(postcodeFits(country, postcode)).toBe(false);
  });

  it('normalises as the server does', () => {
    expect(normalisePostcode('GB', ' sw1a1aa ')).toBe('SW1A 1AA');
    expect(normalisePostcode('NL', '1012lg')).toBe('1012 LG');
    expect(normalisePostcode('DE', '10  115')).toBe('10 115');
  });
});

describe('address fields', () => {
  const nl = { ...EMPTY_ADDRESS, first_name: 'Chloe', country: 'NL', postcode: '1012 LG' };

  it('names what is missing, too long, not shipped to or malformed', () => {
    expect(checkAddressField('last_name', nl, SHIPPING_COUNTRIES.eu)).toBe('required');
    expect(checkAddressField('line2', nl, SHIPPING_COUNTRIES.eu)).toBeNull();
    expect(checkAddressField('first_name', { ...nl, first_name: 'x'.repeat(81) }, SHIPPING_COUNTRIES.eu)).toBe('too long');
    expect(checkAddressField('country', nl, SHIPPING_COUNTRIES.uk)).toBe('not shipped to');
    expect(checkAddressField('postcode', { ...nl, postcode: '1012' }, SHIPPING_COUNTRIES.eu)).toBe('invalid');
    expect(checkAddressField('postcode', nl, SHIPPING_COUNTRIES.eu)).toBeNull();
  });

  it('ships from the UK store to GB only, from the EU store to the seeded EU table', () => {
    expect(SHIPPING_COUNTRIES.uk).toEqual(['GB']);
    expect(SHIPPING_COUNTRIES.eu).toHaveLength(15);
    expect(SHIPPING_COUNTRIES.eu).not.toContain('GB');
  });
});
