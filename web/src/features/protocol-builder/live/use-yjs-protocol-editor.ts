/**
 * The live implementation of `ActiveProtocolEditor` (components/active-protocol-source.ts): once the
 * protocol's Yjs document has synced, every edit is a Yjs transaction that the room relays to the
 * owner's other devices, and what is shown merges the document with the REST protocol (cards, prices).
 *
 * Until the first sync (the Yjs code loading, the socket connecting, waiting for tokens) and after a
 * refusal the room does not recover from (4400, 4413), the REST editor does the work: the server
 * applies REST writes to the document too, so nothing is lost either way. After a drop the document
 * stays the source (edits are kept and sent with the next sync); a protocol deleted or not ours (4410,
 * 4404) is `gone`, so the builder goes back to the list.
 */
import { useEffect, useMemo } from 'react';
import { useSWRConfig } from 'swr';

import { protocolPath } from '../api/keys';
import type { Protocol } from '../api/types';
import type { ActiveProtocolEditor } from '../components/active-protocol-source';
import { useRestProtocolEditor } from '../components/use-rest-protocol-editor';
import type { DocConnection } from './doc-status';
import { DocEditError, type DocProtocol } from './doc-view';
import { isPendingProduct, mergeProtocol } from './merge-protocol';
import type { LivePresence } from './presence';
import { useProtocolDoc } from './use-protocol-doc';

export interface LiveProtocolEditor extends ActiveProtocolEditor {
  presence: readonly LivePresence[];
  /** The room's connection, for an "offline" or "reconnecting" hint. */
  connection: DocConnection;
  /** True while edits go to the document (false: over REST). */
  live: boolean;
  /** Moves a line within the order (newest first); only while live, REST has no such call. */
  moveProduct(variantId: number, toIndex: number): Promise<Protocol | null>;
}

/**
 * A line the document has and the REST protocol not yet is priced once the REST protocol refetches.
 * The server's `protocol.updated` (after its projection, within 3 s) brings that about; this refetch
 * covers an event lost on the way.
 */
export const PENDING_REFETCH_MS = 4_000;

const NO_PRESENCE: readonly LivePresence[] = [];

export class NotLiveError extends Error {
  constructor() {
    super('The protocol document is not connected.');
    this.name = 'NotLiveError';
  }
}

export function useYjsProtocolEditor(protocolId: number | null, initial: Protocol | null = null): LiveProtocolEditor {
  const rest = useRestProtocolEditor(protocolId, initial);
  const doc = useProtocolDoc(protocolId);
  const { mutate } = useSWRConfig();
  const { connection, edits } = doc;
  const base = rest.protocol;

  // Either side may learn first that the protocol is gone: the room (4404, 4410) or a REST refetch (404).
  const gone =
    rest.status === 'gone' ||
    (connection.state === 'closed' && (connection.reason === 'not-found' || connection.reason === 'deleted'));
  const live =
    !gone &&
    base !== null &&
    doc.protocol !== null &&
    edits !== null &&
    (connection.state === 'synced' || connection.state === 'offline');

  const protocol = useMemo(
    () => (live && base && doc.protocol ? mergeProtocol(base, doc.protocol) : rest.protocol),
    [live, base, doc.protocol, rest.protocol],
  );

  const pending = live && protocol ? protocol.products.filter(isPendingProduct).map((p) => p.product_variant_id) : [];
  const pendingKey = pending.join(',');
  useEffect(() => {
    if (pendingKey === '' || protocolId === null) return undefined;
    const timer = setTimeout(() => void mutate(protocolPath(protocolId)), PENDING_REFETCH_MS);
    return () => clearTimeout(timer);
  }, [pendingKey, protocolId, mutate]);

  return useMemo<LiveProtocolEditor>(() => {
    if (!live || !edits || !base) {
      return {
        ...rest,
        // A deleted protocol is not shown from a stale copy: the screens say it is gone.
        protocol: gone ? null : rest.protocol,
        status: gone ? 'gone' : rest.status,
        presence: NO_PRESENCE,
        link: 'rest',
        connection,
        live: false,
        moveProduct: () => Promise.reject(new NotLiveError()),
      };
    }
    // Each edit is applied at once; the merge uses the REST protocol as it is now for cards and prices.
    const apply = (change: () => DocProtocol): Promise<Protocol | null> => {
      try {
        return Promise.resolve(mergeProtocol(base, change()));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const productIdOf = (variantId: number) =>
      base.products.find((product) => product.product_variant_id === variantId)?.id ?? null;
    // What the line shows now: the document's schedule, else the REST line's, which an item without a
    // readable schedule map starts from.
    const shownSchedule = (variantId: number) =>
      (protocol ?? base).products.find((product) => product.product_variant_id === variantId)?.schedule;
    return {
      protocolId,
      protocol,
      status: 'ready',
      presence: doc.presence,
      link: connection.state === 'offline' ? 'offline' : 'live',
      connection,
      live: true,
      rename: (name) => apply(() => edits.rename(name)),
      setDescription: (description) => apply(() => edits.setDescription(description)),
      setQuantity: (variantId, quantity) => apply(() => edits.setQuantity(variantId, quantity)),
      setNotes: (variantId, notes) => apply(() => edits.setNotes(variantId, notes)),
      setSchedule: (variantId, patch) =>
        apply(() => {
          const fallback = shownSchedule(variantId);
          if (!fallback) throw new DocEditError('not-in-protocol');
          return edits.setSchedule(variantId, patch, fallback);
        }),
      removeProduct: (variantId) => apply(() => edits.removeProduct(variantId)),
      addProduct: (variantId, quantity, notes) =>
        apply(() => edits.addProduct({ variantId, quantity, notes, productId: productIdOf(variantId) })),
      moveProduct: (variantId, toIndex) => apply(() => edits.moveProduct(variantId, toIndex)),
    };
  }, [live, edits, base, rest, gone, connection, protocolId, protocol, doc.presence]);
}
