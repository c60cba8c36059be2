import { describe, expect, it } from 'vitest';

import { discountRate, formatPercent, totalAfterDiscount } from './protocol-money';

describe('protocol money', () => {
  it('reads the discount, treating zero and garbage as none', () => {
    expect(discountRate('10.00')).toBe(10);
    expect(discountRate('0.00')).toBe(0);
    expect(discountRate('n/a')).toBe(0);
  });

  it('takes the discount off in whole cents, like the cart', () => {
    expect(totalAfterDiscount('30.00', '10.00')).toBe('27.00');
    expect(totalAfterDiscount('19.99', '15.00')).toBe('16.99');
    expect(totalAfterDiscount('30.00', '0.00')).toBeNull();
  });

  it('writes the rate as a percentage of the language', () => {
    expect(formatPercent(10, 'en')).toBe('10%');
    expect(formatPercent(12.5, 'de')).toBe('12,5\u00a0%');
  });
});
