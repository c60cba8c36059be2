/**
 * The `next` query value as a path inside this app, or `/`. Only a plain absolute path is
 * followed: `//host`, `/\host` and full URLs would leave the shop (an open redirect).
 */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  return next;
}
