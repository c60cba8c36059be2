/**
 * Spec docs/spec-coverage.md#s5-password-helpers-length-8,
 * docs/spec-coverage.md#s9-password-minimum-length-8: the password helpers (the server checks the same, plus
 * common passwords).
 */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRule = 'length' | 'digit' | 'uppercase' | 'special';

export const PASSWORD_RULES: readonly PasswordRule[] = ['length', 'digit', 'uppercase', 'special'];

const TESTS: Record<PasswordRule, (password: string) => boolean> = {
  length: (password) => password.length >= PASSWORD_MIN_LENGTH,
  digit: (password) => /\d/.test(password),
  uppercase: (password) => /[A-Z]/.test(password),
  // Anything but a plain letter or digit, as the server counts it.
  special: (password) => /[^A-Za-z0-9]/.test(password),
};

export function passwordChecks(password: string): Record<PasswordRule, boolean> {
  return {
    length: TESTS.length(password),
    digit: TESTS.digit(password),
    uppercase: TESTS.uppercase(password),
    special: TESTS.special(password),
  };
}

export function passwordIsValid(password: string): boolean {
  return PASSWORD_RULES.every((rule) => TESTS[rule](password));
}
