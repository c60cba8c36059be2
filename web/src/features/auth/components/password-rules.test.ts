import { describe, expect, it } from 'vitest';

import { passwordChecks, passwordIsValid } from './password-rules';

describe('password helpers', () => {
  it('check length 8, a digit, an uppercase letter and a special character', () => {
    expect(passwordChecks('')).toEqual({ length: false, digit: false, uppercase: false, special: false });
    expect(passwordChecks('abcdefg')).toEqual({ length: false, digit: false, uppercase: false, special: false });
    expect(passwordChecks('abcdefgh')).toMatchObject({ length: true });
    expect(passwordChecks('abc1')).toMatchObject({ digit: true, uppercase: false });
    expect(passwordChecks('Abc')).toMatchObject({ uppercase: true, special: false });
    expect(passwordChecks('a b')).toMatchObject({ special: true });
    expect(passwordChecks('é')).toMatchObject({ special: true });
    expect(passwordChecks('Demo-pass-2026!')).toEqual({ length: true, digit: true, uppercase: true, special: true });
  });

  it('accept a password only when every rule is met', () => {
    expect(passwordIsValid('Demo-pass-2026!')).toBe(true);
    expect(passwordIsValid('Demo-pass-abc!')).toBe(false);
    expect(passwordIsValid('demo-pass-2026!')).toBe(false);
    expect(passwordIsValid('Demopass2026')).toBe(false);
    expect(passwordIsValid('De-1')).toBe(false);
  });
});
