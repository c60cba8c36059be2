import { describe, expect, it } from 'vitest';

import {
  decrementServings,
  incrementServings,
  parseServings,
  servingsChars,
  servingsRead,
  servingsToSend,
} from './servings';

describe('servings rules', () => {
  it('puts a dose on the nearest quarter within 0.25 and 50', () => {
    expect([1.3, 0.1, 0, -2, 51, 2.375, Number.NaN, Infinity].map(servingsToSend)).toEqual([
      1.25, 0.25, 0.25, 0.25, 50, 2.5, 1, 50,
    ]);
  });

  it('reads a document dose like the server: a bad one is null', () => {
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

  it('parses the box: empty or zero is a quarter', () => {
    expect(['', '0', '1,5', '1.1', '80', 'abc'].map(parseServings)).toEqual([0.25, 0.25, 1.5, 1, 50, 0.25]);
  });

  it('steps by a quarter up to 2 and by a half above, never below a quarter', () => {
    expect([0.25, 1.75, 2, 3].map(incrementServings)).toEqual([0.5, 2, 2.5, 3.5]);
    expect([0.25, 0.5, 2, 2.5, 50].map(decrementServings)).toEqual([0.25, 0.25, 1.75, 2, 49.5]);
  });
});
