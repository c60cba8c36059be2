import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { protocolIdOf, useBuilderEvents } from './use-builder-events';

describe('builder socket events', () => {
  it('dispatches protocolDeletedElsewhere on protocol.deleted', () => {
    const dispatch = vi.fn();
    const { unmount } = renderHook(() => useBuilderEvents(dispatch));
    topicRegistry.dispatch({ topic: 'protocol.deleted', data: { protocol_id: 4 } });
    expect(dispatch).toHaveBeenCalledExactlyOnceWith({ type: 'protocolDeletedElsewhere', protocolId: 4 });
    unmount();
    topicRegistry.dispatch({ topic: 'protocol.deleted', data: { protocol_id: 5 } });
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('ignores an event without a protocol id', () => {
    const dispatch = vi.fn();
    renderHook(() => useBuilderEvents(dispatch));
    topicRegistry.dispatch({ topic: 'protocol.deleted', data: { protocol_id: '4' } });
    topicRegistry.dispatch({ topic: 'protocol.deleted', data: null });
    expect(dispatch).not.toHaveBeenCalled();
    expect(protocolIdOf({ protocol_id: 2.5 })).toBeNull();
  });
});
