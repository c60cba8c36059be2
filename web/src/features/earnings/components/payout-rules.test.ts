import { describe, expect, it } from 'vitest';

import { checkPayoutField, ibanValid, normalizeIban, PAYOUT_FIELDS } from './payout-rules';

const EMPTY = { account_holder: '', iban: '', paypal_email: '' };

describe('payout rules', () => {
  it('takes IBANs whose check digits hold, however they are spaced or cased', () => {
    expect(ibanValid('NL91ABNA0417164300')).toBe(true);
    expect(ibanValid('nl91 abna 0417 1643 00')).toBe(true);
    expect(ibanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanValid('GB29 NWBK 6016 1331 9268 19')).toBe(true);
    expect(normalizeIban(' gb29 nwbk 6016 1331 9268 19 ')).toBe('GB29NWBK60161331926819');
  });

  it('refuses a wrong check digit, a missing digit and a wrong shape', () => {
    expect(ibanValid('NL92ABNA0417164300')).toBe(false);
    expect(ibanValid('NL91ABNA041716430')).toBe(false);
    expect(ibanValid('NL91')).toBe(false);
    expect(ibanValid('1234ABNA0417164300')).toBe(false);
    expect(ibanValid('NL91-ABNA-0417-1643-00')).toBe(false);
  });

  it('needs the holder with an IBAN, a real e-mail address for PayPal, and lets every field be empty', () => {
    expect(PAYOUT_FIELDS.map((field) => checkPayoutField(field, EMPTY))).toEqual([undefined, undefined, undefined]);
    expect(checkPayoutField('account_holder', { ...EMPTY, iban: 'NL91ABNA0417164300' })).toBe('required');
    expect(checkPayoutField('account_holder', { ...EMPTY, account_holder: 'x'.repeat(121) })).toBe('too-long');
    expect(checkPayoutField('iban', { ...EMPTY, iban: 'NL00 0000' })).toBe('invalid');
    expect(checkPayoutField('paypal_email', { ...EMPTY, paypal_email: 'ada@example' })).toBe('invalid');
    expect(checkPayoutField('paypal_email', { ...EMPTY, paypal_email: ' ada@example.com ' })).toBeUndefined();
  });
});
