import type { TFunction } from 'i18next';

import { ApiError } from '../../../lib/api/http';
import { BUILDER_TOASTS, TOKEN_EXPIRED_MESSAGE } from '../builder-messages';

/**
 * The toast for a failed builder call (spec: docs/spec-coverage.md#s8-builder-toasts-select): signed out is
 * 'must be logged in', the server's 'Token has expired' is 'session expired', and otherwise the server's
 * message when it sent one, else 'unexpected error'.
 */
export function failureMessage(error: unknown, t: TFunction<'builder'>): string {
  if (error instanceof ApiError) {
    if (error.serverMessage === TOKEN_EXPIRED_MESSAGE || error.message === TOKEN_EXPIRED_MESSAGE) {
      return t(BUILDER_TOASTS.sessionExpired);
    }
    if (error.status === 401) return t(BUILDER_TOASTS.mustBeLoggedIn);
    if (error.serverMessage) return error.serverMessage;
  }
  return t(BUILDER_TOASTS.unexpectedError);
}
