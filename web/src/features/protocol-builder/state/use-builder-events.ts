import { useEffect } from 'react';

import { registerTopic } from '../../../lib/realtime';
import type { BuilderAction } from './builder-actions';

/** The protocol id of a socket event's data (`{"protocol_id": N}`, docs/api.md "Topics"), if it has one. */
export function protocolIdOf(data: unknown): number | null {
  const id = (data as { protocol_id?: unknown } | null)?.protocol_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/**
 * Feeds the builder the socket events that move it rather than refetch it: a protocol deleted on
 * another device leaves the list, and the builder leaves it when it was the active one. (Changes to
 * protocols arrive as refetches of the SWR keys the api hooks register.)
 */
export function useBuilderEvents(dispatch: (action: BuilderAction) => void) {
  useEffect(
    () =>
      registerTopic('protocol.deleted', (data) => {
        const protocolId = protocolIdOf(data);
        if (protocolId !== null) dispatch({ type: 'protocolDeletedElsewhere', protocolId });
      }),
    [dispatch],
  );
}
