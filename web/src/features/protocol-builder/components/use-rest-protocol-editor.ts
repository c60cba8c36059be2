import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSWRConfig } from 'swr';

import { ApiError } from '../../../lib/api/http';
import { addProtocolProduct } from '../api/add-protocol-product';
import { deleteProtocolProduct } from '../api/delete-protocol-product';
import { useProtocol } from '../api/get-protocol';
import { protocolPath } from '../api/keys';
import type { Protocol } from '../api/types';
import { updateProtocol } from '../api/update-protocol';
import { updateProtocolProduct } from '../api/update-protocol-product';
import { patchLineSchedule, removeLine, updateLine } from '../state/protocol-math';
import { applySchedulePatch, scheduleProblems, ScheduleRefusedError } from '../state/schedule';
import type { ActiveProtocolEditor, EditorStatus } from './active-protocol-source';

type Change = (protocol: Protocol) => Protocol;

const NO_PRESENCE: readonly never[] = [];

export class NoProtocolError extends Error {
  constructor() {
    super('No protocol to edit.');
    this.name = 'NoProtocolError';
  }
}

/**
 * The active protocol over REST: read with the protocol call (refetched when it changes on another
 * device), each write sent with the existing api/ calls. Writes run one after another so quick clicks
 * apply in order; quantity, note and remove show at once and roll back when the server refuses.
 */
export function useRestProtocolEditor(protocolId: number | null, initial: Protocol | null = null): ActiveProtocolEditor {
  const { data, error } = useProtocol(protocolId);
  const { mutate, cache } = useSWRConfig();
  const key = protocolId === null ? null : protocolPath(protocolId);
  const seed = initial?.protocol_id === protocolId ? initial : null;
  const protocol = data ?? seed;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // What the writes start from when SWR has nothing yet (the cached protocol before its fetch).
  const known = useRef<Protocol | null>(protocol);
  useEffect(() => {
    known.current = protocol;
  }, [protocol]);

  const write = useCallback(
    (optimistic: Change | null, send: (id: number, base: Protocol) => Promise<Change>): Promise<Protocol | null> => {
      const task = async () => {
        if (protocolId === null || key === null) throw new NoProtocolError();
        const base = (cache.get(key)?.data as Protocol | undefined) ?? known.current;
        if (!base) throw new NoProtocolError();
        if (optimistic) await mutate(key, optimistic(base), { revalidate: false });
        try {
          const settle = await send(protocolId, base);
          const after = settle((cache.get(key)?.data as Protocol | undefined) ?? base);
          await mutate(key, after, { revalidate: false });
          return after;
        } catch (failure) {
          if (optimistic) await mutate(key, base, { revalidate: false });
          throw failure;
        }
      };
      const result = queue.current.then(task, task);
      queue.current = result.catch(() => undefined);
      return result;
    },
    [cache, key, mutate, protocolId],
  );

  const status: EditorStatus =
    protocolId === null
      ? 'idle'
      : error instanceof ApiError && (error.status === 404 || error.status === 403)
        ? 'gone'
        : protocol
          ? 'ready'
          : error
            ? 'error'
            : 'loading';

  return useMemo<ActiveProtocolEditor>(
    () => ({
      protocolId,
      protocol,
      status,
      presence: NO_PRESENCE,
      rename: (name) =>
        write(
          (current) => ({ ...current, name }),
          async (id) => {
            const reply = await updateProtocol(id, { name, description: null });
            return () => reply.data;
          },
        ),
      setDescription: (description) =>
        write(
          (current) => ({ ...current, description }),
          async (id, base) => {
            const reply = await updateProtocol(id, { name: base.name, description });
            return () => reply.data;
          },
        ),
      setQuantity: (variantId, quantity) =>
        write(
          (current) => updateLine(current, variantId, { quantity }),
          async (id) => {
            const reply = await updateProtocolProduct(id, { product_variant_id: variantId, quantity });
            return (current) => updateLine(current, variantId, { quantity: reply.data.quantity });
          },
        ),
      setNotes: (variantId, notes) =>
        write(
          (current) => updateLine(current, variantId, { notes }),
          async (id) => {
            const reply = await updateProtocolProduct(id, { product_variant_id: variantId, notes });
            return (current) => updateLine(current, variantId, { notes: reply.data.notes });
          },
        ),
      // The whole schedule is sent (REST replaces it), made from the line as this device has it now.
      setSchedule: (variantId, patch) =>
        write(
          (current) => patchLineSchedule(current, variantId, patch),
          async (id, base) => {
            const line = base.products.find((item) => item.product_variant_id === variantId);
            const schedule = line ? applySchedulePatch(line.schedule, patch) : null;
            const problems = schedule ? scheduleProblems(schedule) : [];
            if (!schedule || problems.length > 0) throw new ScheduleRefusedError(problems);
            const reply = await updateProtocolProduct(id, { product_variant_id: variantId, schedule });
            return (current) => updateLine(current, variantId, { schedule: reply.data.schedule });
          },
        ),
      removeProduct: (variantId) =>
        write(
          (current) => removeLine(current, variantId),
          async (id) => {
            const reply = await deleteProtocolProduct(id, variantId);
            return () => reply.data;
          },
        ),
      // Not shown ahead of the answer: the line needs the product's card, which only the server has.
      addProduct: (variantId, quantity, notes) =>
        write(null, async (id) => {
          const reply = await addProtocolProduct(id, { product_variant_id: variantId, quantity, notes: notes ?? null });
          return () => reply.data;
        }),
    }),
    [protocol, protocolId, status, write],
  );
}
