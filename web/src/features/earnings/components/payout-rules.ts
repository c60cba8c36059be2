/**
 * The payout details' rules, as the server checks them (server/earnings/services/payouts.py), so a mistake
 * shows when the field is left, before the save: an IBAN of the ISO 13616 shape whose check digits hold
 * (the number mod 97 is 1), an account holder whenever there is an IBAN, an e-mail address for PayPal.
 * Every field may be empty: the store's payout method decides which one is used.
 */
export const PAYOUT_FIELDS = ['account_holder', 'iban', 'paypal_email'] as const;
export type PayoutField = (typeof PAYOUT_FIELDS)[number];
export type PayoutValues = Record<PayoutField, string>;
export type PayoutProblem = 'required' | 'invalid' | 'too-long';

export const HOLDER_MAX = 120;
const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An IBAN as typed (`nl91 abna 0417 …`) as the bank writes it without spaces. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616: the shape, then the first four characters moved to the end, letters as 10-35, mod 97 is 1. */
export function ibanValid(value: string): boolean {
  const iban = normalizeIban(value);
  if (!IBAN_SHAPE.test(iban)) return false;
  let remainder = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    for (const digit of String(Number.parseInt(char, 36))) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export function emailValid(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim());
}

/** What is wrong with one field, given the whole form (the holder is needed only with an IBAN). */
export function checkPayoutField(field: PayoutField, values: PayoutValues): PayoutProblem | undefined {
  const value = values[field].trim();
  switch (field) {
    case 'account_holder':
      if (value.length > HOLDER_MAX) return 'too-long';
      return value === '' && values.iban.trim() !== '' ? 'required' : undefined;
    case 'iban':
      return value !== '' && !ibanValid(value) ? 'invalid' : undefined;
    case 'paypal_email':
      return value !== '' && !emailValid(value) ? 'invalid' : undefined;
  }
}
