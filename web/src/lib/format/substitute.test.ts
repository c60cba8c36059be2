import { describe, expect, it } from 'vitest';

import { doseChange, formatRatio, priceChange } from './substitute';

describe('doseChange', () => {
  it.each([
    [null, null],
    [undefined, null],
    [1, null],
    [0.999, null],
    [0, null],
    [-2, null],
    [Number.NaN, null],
  ])('says nothing for %s', (ratio, expected) => {
    expect(doseChange(ratio)).toBe(expected);
  });

  it('names half the dose, and any other ratio as a multiple', () => {
    expect(doseChange(0.5)).toEqual({ kind: 'half' });
    expect(doseChange(0.499999)).toEqual({ kind: 'half' });
    expect(doseChange(2)).toEqual({ kind: 'times', ratio: 2 });
    expect(doseChange(1.5)).toEqual({ kind: 'times', ratio: 1.5 });
    expect(doseChange(0.75)).toEqual({ kind: 'times', ratio: 0.75 });
  });
});

describe('formatRatio', () => {
  it('writes the ratio the way the reader writes numbers', () => {
    expect(formatRatio(1.5, 'en')).toBe('1.5');
    expect(formatRatio(1.5, 'de')).toBe('1,5');
    expect(formatRatio(2, 'fr')).toBe('2');
  });
});

describe('priceChange', () => {
  it('reads the signed difference as cheaper, dearer or the same', () => {
    expect(priceChange('-1.50')).toEqual({ kind: 'cheaper', amount: 1.5 });
    expect(priceChange('2.00')).toEqual({ kind: 'dearer', amount: 2 });
    expect(priceChange('0.00')).toEqual({ kind: 'same' });
    expect(priceChange('-0.00')).toEqual({ kind: 'same' });
  });

  it('gives nothing for an unreadable amount', () => {
    expect(priceChange('n/a')).toBeNull();
  });
});
