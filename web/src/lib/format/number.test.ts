import { describe, expect, it } from 'vitest';

import { formatAmount, formatShare } from './number';

describe('number formats', () => {
  it('writes amounts to 3 decimals at most and shares as whole percentages, in the language', () => {
    expect(formatAmount(81.25, 'en')).toBe('81.25');
    expect(formatAmount(1000, 'en')).toBe('1,000');
    expect(formatAmount(0.0254, 'de')).toBe('0,025');
    expect(formatShare(1.1, 'en')).toBe('110%');
    expect(formatShare(0.8125, 'de')).toBe('81\u00a0%'); // a no-break space, as German writes it
  });
});
