/** The server's text limits (server/protocols/services.py): longer input is cut before it is sent. */
export const MAX_NAME = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_NOTES = 2000;
/** Spec docs/spec-coverage.md#s9-notes-longer-than-75: notes longer than this scroll in their row. */
export const NOTE_SCROLL_CHARS = 75;
