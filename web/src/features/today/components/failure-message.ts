import { ApiError } from '../../../lib/api/http';

/** The server's own words for a refused call (a 422 names what is wrong), else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
