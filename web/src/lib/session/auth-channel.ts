/**
 * Spec docs/spec-coverage.md#s4-token-change-another-tab: sign-in, sign-out and token changes reach the other
 * tabs of this browser. The tokens live in localStorage, whose `storage` events already tell the other tabs;
 * this channel says it a second time, explicitly, because a storage event is skipped when the stored text
 * does not change and some browsers (private modes, partitioned frames) deliver them late or not at all.
 * A message carries no token: receivers read the shared storage, so a late message can never
 * resurrect or wipe tokens that changed after it was sent.
 */
export const AUTH_CHANNEL_NAME = 'practitioner-supplements-auth';

export type AuthMessageType = 'login' | 'tokens' | 'logout';

interface AuthMessage {
  type: AuthMessageType;
  /** The sending tab: a channel object hears the others of its tab, and a tab ignores its own. */
  tab: string;
}

const TAB_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function channelSupported(): boolean {
  return typeof BroadcastChannel !== 'undefined';
}

export function postAuthMessage(type: AuthMessageType) {
  if (!channelSupported()) return;
  const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  const message: AuthMessage = { type, tab: TAB_ID };
  channel.postMessage(message);
  channel.close();
}

export function subscribeAuthMessages(listener: (type: AuthMessageType) => void): () => void {
  if (!channelSupported()) return () => undefined;
  const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data as Partial<AuthMessage> | null;
    if (!message || message.tab === TAB_ID) return;
    if (message.type === 'login' || message.type === 'tokens' || message.type === 'logout') {
      listener(message.type);
    }
  };
  return () => channel.close();
}
