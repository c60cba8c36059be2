import { RealtimeClient, type RealtimeStatus } from './realtime-client';
import { topicRegistry } from './topic-registry';

/** docs/architecture.md, "The web app": one socket client per tab, shared by whoever mounts it. */
let client: RealtimeClient | null = null;
let users = 0;
let pendingStop: ReturnType<typeof setTimeout> | null = null;

export function getRealtimeClient(): RealtimeClient {
  client ??= new RealtimeClient({ registry: topicRegistry });
  return client;
}

/**
 * Starts the tab's client (once, however many callers) and answers the function that releases it.
 * The last release stops it a tick later, so React's StrictMode mount → unmount → mount does not
 * throw away a ticket and reconnect.
 */
export function startRealtime(): () => void {
  const current = getRealtimeClient();
  users += 1;
  if (pendingStop !== null) {
    clearTimeout(pendingStop);
    pendingStop = null;
  }
  current.start();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users > 0) return;
    pendingStop = setTimeout(() => {
      pendingStop = null;
      if (users === 0) current.stop();
    }, 0);
  };
}

export function getRealtimeStatus(): RealtimeStatus {
  return getRealtimeClient().getStatus();
}

export function subscribeRealtimeStatus(listener: () => void): () => void {
  return getRealtimeClient().subscribe(listener);
}
