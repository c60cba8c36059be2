/**
 * The live document of one protocol (docs/architecture.md, "The protocol-document room"): opens its room while mounted with an id,
 * closes it on unmount or when the id changes. The Yjs code is imported here dynamically, so it is
 * loaded only once a protocol is opened and never weighs on the pages that do not edit one.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';

import { useSession, type SessionUser } from '../../../lib/session';
import type { DocConnection } from './doc-status';
import type { DocProtocol } from './doc-view';
import { colorFor, type LivePresence, type PresenceUser } from './presence';
import type { DocEdits, DocSnapshot, ProtocolDocSession } from './protocol-doc-session';

export interface ProtocolDoc {
  connection: DocConnection;
  /** Null until the document has been received (and while no protocol is open). */
  protocol: DocProtocol | null;
  /** The other clients in the room. */
  presence: readonly LivePresence[];
  /** Null until the document's code has loaded; each edit throws DocEditError when refused. */
  edits: DocEdits | null;
}

const IDLE: DocSnapshot = { connection: { state: 'idle' }, protocol: null, presence: [] };
/** While the document's code loads. */
const LOADING: DocSnapshot = { connection: { state: 'connecting' }, protocol: null, presence: [] };
const noSubscription = () => () => undefined;
const idleSnapshot = () => IDLE;
const loadingSnapshot = () => LOADING;

/** Who this person is to the others: their name from the profile, and a colour that follows them. */
export function presenceUserOf(user: SessionUser | null): PresenceUser | null {
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email || '';
  if (name === '') return null;
  return { name, color: colorFor(String(user.id ?? user.email ?? name)) };
}

export function useProtocolDoc(protocolId: number | null): ProtocolDoc {
  const { user } = useSession();
  const me = presenceUserOf(user);
  const name = me?.name ?? null;
  const color = me?.color ?? null;
  const [opened, setOpened] = useState<{ protocolId: number; session: ProtocolDocSession } | null>(null);
  const session = opened !== null && opened.protocolId === protocolId ? opened.session : null;

  useEffect(() => {
    if (protocolId === null) return undefined;
    let cancelled = false;
    let created: ProtocolDocSession | null = null;
    import('./protocol-doc-session').then(
      ({ ProtocolDocSession }) => {
        if (cancelled) return;
        created = new ProtocolDocSession({ protocolId, user: null });
        setOpened({ protocolId, session: created });
      },
      (error: unknown) => {
        // The chunk could not be loaded (offline, a new deploy): the editor stays on REST.
        console.warn('Could not load the live protocol editor', error);
      },
    );
    return () => {
      cancelled = true;
      created?.destroy();
    };
  }, [protocolId]);

  useEffect(() => {
    session?.setUser(name !== null && color !== null ? { name, color } : null);
  }, [session, name, color]);

  const snapshot = useSyncExternalStore(
    session?.subscribe ?? noSubscription,
    session?.getSnapshot ?? (protocolId === null ? idleSnapshot : loadingSnapshot),
  );
  return useMemo(() => ({ ...snapshot, edits: session?.edits ?? null }), [snapshot, session]);
}
