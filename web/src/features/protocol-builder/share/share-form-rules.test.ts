import { describe, expect, it } from 'vitest';

import type { Client } from '../api/types';
import {
  addClientRecipient,
  addEmailRecipient,
  assignPayloads,
  canSearchClients,
  DISCOUNT_PRESETS,
  emailError,
  isShareDisabled,
  isShareFormValid,
  newClientErrors,
  recipientsEmailError,
  shareBlock,
  type ShareRecipient,
} from './share-form-rules';

const ANNA: Client = { id: 5, first_name: 'Anna', last_name: 'Berg', email: 'anna@example.com', discount_rate: '10.00' };
const NEW: ShareRecipient = { kind: 'new', email: 'new@example.com', first_name: 'Nia', last_name: 'Cole', discount: 5 };

function added(result: ReturnType<typeof addEmailRecipient>): ShareRecipient[] {
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('share form rules (spec: docs/spec-coverage.md#s5-share-new-e-mail)', () => {
  it("rejects an e-mail that does not match the pattern with 'form.email-valid'", () => {
    expect(emailError('nope')).toBe('form.email-valid');
    expect(emailError('a@b')).toBe('form.email-valid');
    expect(emailError('a b@c.com')).toBe('form.email-valid');
    expect(emailError(' ok@example.co.uk ')).toBeNull();
    expect(addEmailRecipient([], 'nope')).toEqual({ ok: false, error: 'form.email-valid' });
  });

  it('adds a new e-mail as a new client with empty names and no discount', () => {
    expect(added(addEmailRecipient([], ' new@example.com '))).toEqual([
      { kind: 'new', email: 'new@example.com', first_name: '', last_name: '', discount: null },
    ]);
  });

  it("refuses a client already selected with 'client already selected'", () => {
    const once = addClientRecipient([], ANNA);
    expect(once.ok).toBe(true);
    expect(addClientRecipient(once.ok ? once.value : [], ANNA)).toEqual({ ok: false, error: 'client already selected' });
  });

  it("refuses an e-mail already selected, typed or a client's, with 'email already selected'", () => {
    expect(addEmailRecipient([NEW], 'NEW@example.com')).toEqual({ ok: false, error: 'email already selected' });
    expect(addEmailRecipient([{ kind: 'client', client: ANNA }], 'anna@example.com')).toEqual({
      ok: false,
      error: 'email already selected',
    });
  });

  it("requires every recipient's e-mail to be valid ('emails invalid')", () => {
    expect(recipientsEmailError([NEW, { kind: 'client', client: ANNA }])).toBeNull();
    expect(recipientsEmailError([{ ...NEW, email: 'broken' }])).toBe('emails invalid');
  });

  it('requires first name, last name and a preset discount of a new client', () => {
    expect(newClientErrors({ ...NEW, first_name: ' ', last_name: '', discount: null })).toEqual({
      first_name: 'required',
      last_name: 'required',
      discount: 'form.discount-required',
    });
    expect(newClientErrors(NEW)).toEqual({});
    expect(newClientErrors({ kind: 'client', client: ANNA })).toEqual({});
  });

  it('offers the discounts 0, 5, 10, 15 and 20 only', () => {
    expect(DISCOUNT_PRESETS).toEqual([0, 5, 10, 15, 20]);
    expect(isShareFormValid([{ ...NEW, discount: 0 }])).toBe(true);
    expect(isShareFormValid([{ ...NEW, discount: 7 as 5 }])).toBe(false);
  });

  it('starts the client search only after more than 2 characters', () => {
    expect(canSearchClients('an')).toBe(false);
    expect(canSearchClients('  an  ')).toBe(false);
    expect(canSearchClients('ann')).toBe(true);
  });

  it('enables the share button for a valid form of an allowed user', () => {
    expect(shareBlock({ recipients: [NEW], searchText: '', userTypeId: 2 })).toBeNull();
    expect(isShareDisabled({ recipients: [{ kind: 'client', client: ANNA }], searchText: '', userTypeId: 1 })).toBe(false);
  });

  it('disables sharing with no recipients', () => {
    expect(shareBlock({ recipients: [], searchText: '', userTypeId: 2 })).toBe('no-recipients');
  });

  it('disables sharing while the client search box is not empty', () => {
    expect(shareBlock({ recipients: [NEW], searchText: 'ann', userTypeId: 2 })).toBe('search-pending');
  });

  it('disables sharing while a new client has no discount', () => {
    expect(shareBlock({ recipients: [{ ...NEW, discount: null }], searchText: '', userTypeId: 2 })).toBe('no-discount');
  });

  it('disables sharing while the form is invalid', () => {
    expect(shareBlock({ recipients: [{ ...NEW, last_name: '' }], searchText: '', userTypeId: 2 })).toBe('invalid');
  });

  it('disables sharing, not approved, for user types other than 1 and 2', () => {
    expect(shareBlock({ recipients: [NEW], searchText: '', userTypeId: 3 })).toBe('not-approved');
    expect(shareBlock({ recipients: [NEW], searchText: '', userTypeId: null })).toBe('not-approved');
  });

  it('disables sharing while a share is on its way (double clicks)', () => {
    expect(shareBlock({ recipients: [NEW], searchText: '', userTypeId: 2, sending: true })).toBe('sending');
  });

  it('builds one assign payload per recipient', () => {
    expect(assignPayloads(9, [{ kind: 'client', client: ANNA }, { ...NEW, first_name: ' Nia ' }], 'Take with water')).toEqual([
      { id: 9, user_id: 5, email: 'anna@example.com', notes: 'Take with water' },
      { id: 9, email: 'new@example.com', first_name: 'Nia', last_name: 'Cole', discount: 5, notes: 'Take with water' },
    ]);
    expect(assignPayloads(9, [NEW])[0]?.notes).toBeNull();
  });
});
