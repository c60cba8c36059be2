import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getRealtimeClient } from './realtime';
import { RealtimeProvider } from './realtime-provider';
import { useRealtimeStatus } from './use-realtime-status';

function Status() {
  const status = useRealtimeStatus();
  return <p>{status.state}</p>;
}

describe('RealtimeProvider', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts the one client of the tab once, survives StrictMode remounts and stops after unmount', async () => {
    vi.useFakeTimers();
    const client = getRealtimeClient();
    const start = vi.spyOn(client, 'start');
    const stop = vi.spyOn(client, 'stop');

    const view = render(
      <StrictMode>
        <RealtimeProvider>
          <Status />
        </RealtimeProvider>
        <RealtimeProvider />
      </StrictMode>,
    );
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(stop).not.toHaveBeenCalled();
    expect(start).toHaveBeenCalled();
    // Without tokens it does not connect.
    expect(screen.getByText('signed-out')).toBeInTheDocument();

    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
