import { describe, expect, it } from 'vitest';

import { decrementQuantity, digitsOnly, incrementQuantity, parseQuantity, quantityToAdd, quantityToSend } from './quantity';

describe('quantity rules (spec: docs/spec-coverage.md#s5-quantity)', () => {
  it('keeps digits only of what was typed or pasted', () => {
    expect(digitsOnly('1a2b')).toBe('12');
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly('-3.5e2')).toBe('352');
  });

  it('turns an empty box into 1', () => {
    expect(parseQuantity('')).toBe(1);
    expect(parseQuantity('letters')).toBe(1);
  });

  it('sends below 1 as 1', () => {
    expect(parseQuantity('0')).toBe(1);
    expect(quantityToSend(0)).toBe(1);
    expect(quantityToSend(-4)).toBe(1);
    expect(quantityToSend(Number.NaN)).toBe(1);
  });

  it('sends whole counts up to the server’s cap of 999', () => {
    expect(parseQuantity('42')).toBe(42);
    expect(quantityToSend(2.7)).toBe(2);
    expect(parseQuantity('1000')).toBe(999);
    expect(parseQuantity('9'.repeat(40))).toBe(999);
    expect(quantityToSend(Infinity)).toBe(999);
  });

  it('removes the product when decrementing below 1', () => {
    expect(decrementQuantity(1)).toEqual({ kind: 'remove' });
    expect(decrementQuantity(0)).toEqual({ kind: 'remove' });
  });

  it('decrements by one otherwise', () => {
    expect(decrementQuantity(3)).toEqual({ kind: 'set', quantity: 2 });
  });

  it('increments by one, held at 999', () => {
    expect(incrementQuantity(1)).toBe(2);
    expect(incrementQuantity(999)).toBe(999);
  });

  it('adds with 1 when the count is under 1 or unset', () => {
    expect(quantityToAdd(0)).toBe(1);
    expect(quantityToAdd(-2)).toBe(1);
    expect(quantityToAdd(undefined)).toBe(1);
    expect(quantityToAdd(3)).toBe(3);
  });
});
