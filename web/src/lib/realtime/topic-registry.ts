/**
 * Which topics of the events socket (docs/api.md "Topics") each feature cares about, and what to
 * refetch. Features register their own SWR keys here, so the socket client never imports a feature
 * and features never import each other.
 */

/** An `event` frame of the socket; `seq` is absent for events raised inside this tab (`notifyTopic`). */
export interface RealtimeEvent {
  topic: string;
  data: unknown;
  seq?: number;
  at?: string;
}

export type TopicHandler = (data: unknown, event: RealtimeEvent) => void;
/** Revalidates one SWR key (SWR's `mutate(key)` of the cache the key lives in). */
export type Revalidate = (key: string) => unknown;

interface KeyRegistration {
  topics: ReadonlySet<string>;
  key: string;
  revalidate: Revalidate;
}

export interface TopicRegistry {
  /** Runs `handler` for every event of `topic`. Returns the unregister function. */
  registerTopic(topic: string, handler: TopicHandler): () => void;
  /** Runs `refetch` when the client must refetch everything (first connect, `resync`). */
  registerRefetch(refetch: () => unknown): () => void;
  /** Revalidates `key` on any of `topics` and on every refetch-all; one call per key however often registered. */
  registerSwrKey(topics: readonly string[], key: string, revalidate: Revalidate): () => void;
  dispatch(event: RealtimeEvent): void;
  refetchAll(): void;
}

function safely(run: () => unknown) {
  try {
    const result = run();
    // SWR's mutate answers a promise; a failed refetch is SWR's business (it keeps the error), not ours.
    if (result instanceof Promise) result.catch((error: unknown) => console.warn('Realtime refetch failed', error));
  } catch (error) {
    console.error('A realtime handler failed', error);
  }
}

export function createTopicRegistry(): TopicRegistry {
  const handlers = new Map<string, Set<TopicHandler>>();
  const refetchers = new Set<() => unknown>();
  const keys = new Set<KeyRegistration>();

  /** Several components may show the same key: revalidate it once, not once per component. */
  function revalidateKeys(registrations: Iterable<KeyRegistration>) {
    const unique = new Map<string, Revalidate>();
    for (const registration of registrations) unique.set(registration.key, registration.revalidate);
    for (const [key, revalidate] of unique) safely(() => revalidate(key));
  }

  return {
    registerTopic(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      // Wrapped so the same function may be registered twice and removed once per registration.
      const entry: TopicHandler = (data, event) => handler(data, event);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    registerRefetch(refetch) {
      const entry = () => refetch();
      refetchers.add(entry);
      return () => {
        refetchers.delete(entry);
      };
    },
    registerSwrKey(topics, key, revalidate) {
      const registration: KeyRegistration = { topics: new Set(topics), key, revalidate };
      keys.add(registration);
      return () => {
        keys.delete(registration);
      };
    },
    dispatch(event) {
      for (const handler of [...(handlers.get(event.topic) ?? [])]) safely(() => handler(event.data, event));
      revalidateKeys([...keys].filter((registration) => registration.topics.has(event.topic)));
    },
    refetchAll() {
      for (const refetch of [...refetchers]) safely(refetch);
      revalidateKeys([...keys]);
    },
  };
}

/** The registry of this tab, which the tab's one socket client reads. */
export const topicRegistry = createTopicRegistry();

/** Features call this to react to a topic (e.g. `registerTopic('protocol.deleted', drop)`). */
export function registerTopic(topic: string, handler: TopicHandler): () => void {
  return topicRegistry.registerTopic(topic, handler);
}

/** Features call this for refetches that are not an SWR key (first connect and `resync`). */
export function registerRefetch(refetch: () => unknown): () => void {
  return topicRegistry.registerRefetch(refetch);
}

/**
 * Runs the handlers of a topic as if the socket had delivered it. For a feature that changed state
 * another feature shows (the wishlist's "move to cart" and the cart), without importing that feature;
 * the socket's own event follows later and is harmless.
 */
export function notifyTopic(topic: string, data: unknown = null) {
  topicRegistry.dispatch({ topic, data });
}
