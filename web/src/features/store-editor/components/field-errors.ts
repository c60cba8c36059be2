import { ApiError } from '../../../lib/api/http';

/** The `errors` object of a refusal (`{"header.title": ["too long"]}`), or none. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export const NO_ERRORS: FieldErrors = {};

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return NO_ERRORS;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return NO_ERRORS;
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    const list = Array.isArray(value) ? value : [value];
    result[field] = list.filter((entry): entry is string => typeof entry === 'string');
  }
  return result;
}

/** The server's `message` of a refusal, when there is one (it is in the page's language). */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The server's error codes the editor explains in the user's words (server/stores/services.py). */
const KNOWN_CODES = {
  'empty field': 'empty',
  'too long': 'too-long',
  required: 'required',
  unknown: 'unknown',
  'invalid time': 'invalid-time',
  overlap: 'overlap',
  'too many': 'too-many',
  invalid: 'invalid',
  reserved: 'reserved',
  taken: 'taken',
} as const;

export type FieldErrorKey = (typeof KNOWN_CODES)[keyof typeof KNOWN_CODES];

export function knownErrorKey(code: string): FieldErrorKey | undefined {
  return Object.hasOwn(KNOWN_CODES, code) ? KNOWN_CODES[code as keyof typeof KNOWN_CODES] : undefined;
}
