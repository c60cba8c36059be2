import { describe, expect, it } from 'vitest';

import { servingsChars, servingsRead } from './servings';

describe('servings rules', () => {
  it('reads document servings like the server: a bad value is null', () => {
    expect([2, 1.3, 0.26, 1.125, 50].map(servingsRead)).toEqual([2, 1.25, 0.25, 1.25, 50]);
    expect([0, -1, 0.1, 50.5, Number.NaN, '2', true, null, undefined, [2]].map(servingsRead)).toEqual(
      Array(10).fill(null),
    );
  });

  it('keeps digits and one decimal separator of what is typed', () => {
    expect(servingsChars('1,5')).toBe('1.5');
    expect(servingsChars('a1.2.5b')).toBe('1.25');
    expect(servingsChars('-3')).toBe('3');
  });
});
