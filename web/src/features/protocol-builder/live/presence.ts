/**
 * Presence over y-protocols awareness: each client publishes `{user: {name, color}}` (the same field
 * the room's Node test clients use) and the screens list the others. No Yjs code here.
 */
export interface PresenceUser {
  name: string;
  color: string;
}

/**
 * One other client in the room (the editor interface's `EditorPresence` plus a colour): `id` is its
 * Yjs client id, so two devices of one person are two.
 */
export interface LivePresence extends PresenceUser {
  id: string;
}

/** Distinct on light and dark backgrounds; a person keeps one colour on every device. */
const COLORS = ['#d9480f', '#2b8a3e', '#1971c2', '#9c36b5', '#e8590c', '#0b7285', '#c2255c', '#5f3dc4'];

export function colorFor(seed: string): string {
  let hash = 0;
  for (let index = 0; index < seed.length; index += 1) hash = (hash * 31 + seed.charCodeAt(index)) >>> 0;
  return COLORS[hash % COLORS.length] ?? '#1971c2';
}

function presenceUserOf(state: unknown): PresenceUser | null {
  if (typeof state !== 'object' || state === null) return null;
  const user: unknown = (state as { user?: unknown }).user;
  if (typeof user !== 'object' || user === null) return null;
  const { name, color } = user as { name?: unknown; color?: unknown };
  if (typeof name !== 'string' || name.trim() === '') return null;
  return { name: name.slice(0, 100), color: typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color) ? color : colorFor(name) };
}

/** The other clients' awareness states as presence, leaving out this client and unreadable states. */
export function presenceOf(states: ReadonlyMap<number, unknown>, ownClientId: number): LivePresence[] {
  const present: LivePresence[] = [];
  for (const [clientId, state] of states) {
    if (clientId === ownClientId) continue;
    const user = presenceUserOf(state);
    if (user) present.push({ id: String(clientId), ...user });
  }
  return present.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export function samePresence(a: readonly LivePresence[], b: readonly LivePresence[]): boolean {
  return a.length === b.length && a.every((p, i) => p.id === b[i]?.id && p.name === b[i]?.name && p.color === b[i]?.color);
}
