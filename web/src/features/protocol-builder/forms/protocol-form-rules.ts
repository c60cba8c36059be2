/**
 * Spec docs/spec-coverage.md#s5-protocol-create-name, docs/spec-coverage.md#s5-note-bar-note-required's rules
 * for the create and edit drawers and the note bar, as pure functions. The messages are keys of the `builder`
 * namespace, spelled as the spec names them.
 */

export const FORM_MESSAGES = {
  emptyField: 'empty field',
  required: 'required',
} as const;
export type FormMessage = (typeof FORM_MESSAGES)[keyof typeof FORM_MESSAGES];

export interface ProtocolFields {
  name: string;
  description: string;
}

export interface ProtocolFieldErrors {
  name?: FormMessage;
  description?: FormMessage;
}

/** Only spaces count as empty: a name of blanks would save as nothing. */
function blank(text: string): boolean {
  return text.trim() === '';
}

/** Create: name and description both required ('empty field'). */
export function createFormErrors(fields: ProtocolFields): ProtocolFieldErrors {
  const errors: ProtocolFieldErrors = {};
  if (blank(fields.name)) errors.name = FORM_MESSAGES.emptyField;
  if (blank(fields.description)) errors.description = FORM_MESSAGES.emptyField;
  return errors;
}

/** The create button is disabled until the form is valid. */
export function canCreate(fields: ProtocolFields): boolean {
  return Object.keys(createFormErrors(fields)).length === 0;
}

/** Edit: the name is required, the description optional. */
export function editFormErrors(fields: ProtocolFields): ProtocolFieldErrors {
  return blank(fields.name) ? { name: FORM_MESSAGES.emptyField } : {};
}

/** Save is enabled only when the form is valid and differs from the protocol as loaded. */
export function canSaveEdit(fields: ProtocolFields, original: ProtocolFields): boolean {
  const changed = fields.name !== original.name || fields.description !== original.description;
  return changed && Object.keys(editFormErrors(fields)).length === 0;
}

/** The note bar: the note is required ('required'). */
export function noteError(note: string): FormMessage | null {
  return blank(note) ? FORM_MESSAGES.required : null;
}
