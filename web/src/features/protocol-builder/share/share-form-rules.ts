/**
 * The share form's rules (spec: docs/spec-coverage.md#s5-share-new-e-mail "Share") as pure functions, so the
 * screen only wires them. Each message is a key of the `builder` namespace, spelled as the spec names it.
 */
import { SHARING_TYPES } from '../../../lib/session/user-types';
import type { AssignInput, Client } from '../api/types';

export const SHARE_MESSAGES = {
  emailInvalid: 'form.email-valid',
  clientAlreadySelected: 'client already selected',
  emailAlreadySelected: 'email already selected',
  emailsInvalid: 'emails invalid',
  required: 'required',
  discountRequired: 'form.discount-required',
  /** A protocol at or over an upper intake level is shared with the practitioner's reason. */
  limitReasonRequired: 'share.limit-reason-required',
  /**
   * A protocol the interaction rules say to avoid with the client's medicines is shared with the
   * practitioner's reason (docs/decisions/0043-the-day-schedule.md).
   */
  warningReasonRequired: 'share.warning-reason-required',
} as const;
export type ShareMessage = (typeof SHARE_MESSAGES)[keyof typeof SHARE_MESSAGES];

/**
 * Spec docs/spec-coverage.md#s9-preset-client-discounts-0: the discounts a new client may get, in percent.
 */
export const DISCOUNT_PRESETS = [0, 5, 10, 15, 20] as const;
export type DiscountPreset = (typeof DISCOUNT_PRESETS)[number];


/**
 * Spec docs/spec-coverage.md#s9-client-search-debounce-500: the client search starts after more than 2
 * characters.
 */
export const CLIENT_SEARCH_MIN_EXCLUSIVE = 2;

/**
 * One @, no spaces, a dot in the domain with something either side: strict enough to catch typos,
 * loose enough for every real address (the server has the last word).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export type ShareRecipient =
  | { kind: 'client'; client: Client }
  | {
      kind: 'new';
      email: string;
      first_name: string;
      last_name: string;
      /** Null until one of the presets is chosen. */
      discount: DiscountPreset | null;
    };

export type RuleResult<T> = { ok: true; value: T } | { ok: false; error: ShareMessage };

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

function recipientEmail(recipient: ShareRecipient): string {
  return normalEmail(recipient.kind === 'client' ? recipient.client.email : recipient.email);
}

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** The e-mail field's error: 'form.email-valid' when it does not look like an address. */
export function emailError(email: string): ShareMessage | null {
  return isValidEmail(email) ? null : SHARE_MESSAGES.emailInvalid;
}

export function isDiscountPreset(value: unknown): value is DiscountPreset {
  return typeof value === 'number' && (DISCOUNT_PRESETS as readonly number[]).includes(value);
}

/** Adds an existing client; one already chosen is refused with 'client already selected'. */
export function addClientRecipient(recipients: readonly ShareRecipient[], client: Client): RuleResult<ShareRecipient[]> {
  const chosen = recipients.some((recipient) => recipient.kind === 'client' && recipient.client.id === client.id);
  if (chosen) return { ok: false, error: SHARE_MESSAGES.clientAlreadySelected };
  return { ok: true, value: [...recipients, { kind: 'client', client }] };
}

/**
 * Adds a new client by e-mail: it must look like an address ('form.email-valid'), and an address
 * already among the recipients, typed or a chosen client's, is refused ('email already selected').
 */
export function addEmailRecipient(recipients: readonly ShareRecipient[], email: string): RuleResult<ShareRecipient[]> {
  const error = emailError(email);
  if (error) return { ok: false, error };
  const address = email.trim();
  if (recipients.some((recipient) => recipientEmail(recipient) === normalEmail(address))) {
    return { ok: false, error: SHARE_MESSAGES.emailAlreadySelected };
  }
  return {
    ok: true,
    value: [...recipients, { kind: 'new', email: address, first_name: '', last_name: '', discount: null }],
  };
}

/** 'emails invalid' unless every recipient's e-mail is valid. */
export function recipientsEmailError(recipients: readonly ShareRecipient[]): ShareMessage | null {
  const valid = recipients.every((recipient) =>
    isValidEmail(recipient.kind === 'client' ? recipient.client.email : recipient.email),
  );
  return valid ? null : SHARE_MESSAGES.emailsInvalid;
}

export interface NewClientErrors {
  first_name?: ShareMessage;
  last_name?: ShareMessage;
  discount?: ShareMessage;
}

/** A new client needs a first name, a last name and one of the preset discounts. */
export function newClientErrors(recipient: ShareRecipient): NewClientErrors {
  if (recipient.kind !== 'new') return {};
  const errors: NewClientErrors = {};
  if (recipient.first_name.trim() === '') errors.first_name = SHARE_MESSAGES.required;
  if (recipient.last_name.trim() === '') errors.last_name = SHARE_MESSAGES.required;
  if (!isDiscountPreset(recipient.discount)) errors.discount = SHARE_MESSAGES.discountRequired;
  return errors;
}

/** The form is valid when every e-mail is and every new client has its names and discount. */
export function isShareFormValid(recipients: readonly ShareRecipient[]): boolean {
  return (
    recipientsEmailError(recipients) === null &&
    recipients.every((recipient) => Object.keys(newClientErrors(recipient)).length === 0)
  );
}

/**
 * Spec docs/spec-coverage.md#s6-sharing-protocols-user-types: only admins (1) and certified practitioners (2)
 * may share.
 */
export function canShare(userTypeId: number | null | undefined): boolean {
  return userTypeId != null && SHARING_TYPES.includes(userTypeId);
}

/**
 * Spec docs/spec-coverage.md#s5-client-search-starts-above: the client search runs only for text longer than
 * 2 characters.
 */
export function canSearchClients(text: string): boolean {
  return text.trim().length > CLIENT_SEARCH_MIN_EXCLUSIVE;
}

export interface ShareButtonInput {
  recipients: readonly ShareRecipient[];
  /** The client search box's text: a half-typed search must be finished or cleared first. */
  searchText: string;
  userTypeId: number | null | undefined;
  /** True while the assign calls run, so a double click shares once. */
  sending?: boolean;
}

/**
 * Why the share button is disabled, or null when it is enabled. `not-approved` is the one with the
 * tooltip (types other than 1 and 2); the others are plain disabled states.
 */
/**
 * `limit-reason`: the protocol is over an upper intake level and no reason is noted yet
 * (docs/decisions/0031-daily-totals.md); `warning-reason`: the server said the interaction rules say to avoid
 * it with a recipient's medicines and no reason is noted yet (docs/decisions/0043-the-day-schedule.md).
 */
export type ShareBlock =
  | 'not-approved'
  | 'no-recipients'
  | 'search-pending'
  | 'no-discount'
  | 'invalid'
  | 'sending'
  | 'limit-reason'
  | 'warning-reason';

export function shareBlock({ recipients, searchText, userTypeId, sending = false }: ShareButtonInput): ShareBlock | null {
  if (!canShare(userTypeId)) return 'not-approved';
  if (sending) return 'sending';
  if (recipients.length === 0) return 'no-recipients';
  if (searchText.trim() !== '') return 'search-pending';
  if (recipients.some((recipient) => recipient.kind === 'new' && !isDiscountPreset(recipient.discount))) {
    return 'no-discount';
  }
  return isShareFormValid(recipients) ? null : 'invalid';
}

export function isShareDisabled(input: ShareButtonInput): boolean {
  return shareBlock(input) !== null;
}

/** One assign payload per recipient (the server shares with one recipient per call). */
export function assignPayloads(protocolId: number, recipients: readonly ShareRecipient[], notes = ''): AssignInput[] {
  const note = notes.trim() === '' ? null : notes;
  return recipients.map((recipient) =>
    recipient.kind === 'client'
      ? { id: protocolId, user_id: recipient.client.id, email: recipient.client.email, notes: note }
      : {
          id: protocolId,
          email: recipient.email,
          first_name: recipient.first_name.trim(),
          last_name: recipient.last_name.trim(),
          discount: recipient.discount,
          notes: note,
        },
  );
}
