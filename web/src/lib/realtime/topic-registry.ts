/**
 * Which topics of the events socket (docs/api.md "Topics") each feature cares about, and what to
 * refetch. Features register their own SWR keys here, so the socket client never imports a feature
 * and features never import each other.
 */

import { isTopic, type Topic, type TopicData } from './topics';

/**
 * An event of the socket, or one raised inside this tab (`notifyTopic`, without `seq`). `ownWrite` is true
 * when this page's own API call caused it (the frame's device is ours): that call's answer is already in
 * this tab's cache, so the registered SWR keys are not refetched, though the topic's handlers still run.
 */
export interface RealtimeEvent<T extends Topic = Topic> {
  topic: T;
  data: TopicData[T];
  seq?: number;
  at?: string;
  /** Absent: not this page's write. */
  ownWrite?: boolean;
}

/** What the socket delivers, before it is known to be one of our topics (the wire is not trusted). */
export interface IncomingEvent {
  topic: string;
  data: unknown;
  seq?: number;
  at?: string;
  /** Absent: not this page's write. */
  ownWrite?: boolean;
}

export type TopicHandler<T extends Topic = Topic> = (data: TopicData[T], event: RealtimeEvent<T>) => void;
/** Revalidates one SWR key (SWR's `mutate(key)` of the cache the key lives in). */
export type Revalidate = (key: string) => unknown;

/**
 * `skipOwnWrites`: the key's own writes all answer the new state and put it into the key (the cart, the
 * wishlist), so an event this page caused needs no refetch. Other keys still refetch after this page's
 * writes, since a write to one thing (a protocol) can change another key (a list) that it did not answer.
 */
export interface KeyOptions {
  skipOwnWrites?: boolean;
}

interface KeyRegistration {
  topics: ReadonlySet<Topic>;
  skipOwnWrites: boolean;
  key: string;
  revalidate: Revalidate;
}

export interface TopicRegistry {
  /** Runs `handler` for every event of `topic`. Returns the unregister function. */
  registerTopic<T extends Topic>(topic: T, handler: TopicHandler<T>): () => void;
  /** Runs `refetch` when the client must refetch everything (first connect, `resync`). */
  registerRefetch(refetch: () => unknown): () => void;
  /** Revalidates `key` on any of `topics` and on every refetch-all; one call per key however often registered. */
  registerSwrKey(topics: readonly Topic[], key: string, revalidate: Revalidate, options?: KeyOptions): () => void;
  dispatch(event: IncomingEvent): void;
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
  // Each set holds handlers of its own topic only (registerTopic files them by it), so dispatching an
  // event of that topic to them is sound even though the map cannot say so in its type.
  const handlers = new Map<Topic, Set<(data: unknown, event: RealtimeEvent) => void>>();
  const refetchers = new Set<() => unknown>();
  const keys = new Set<KeyRegistration>();

  /** Several components may show the same key: revalidate it once, not once per component. */
  function revalidateKeys(registrations: Iterable<KeyRegistration>) {
    const unique = new Map<string, Revalidate>();
    for (const registration of registrations) unique.set(registration.key, registration.revalidate);
    for (const [key, revalidate] of unique) safely(() => revalidate(key));
  }

  return {
    registerTopic<T extends Topic>(topic: T, handler: TopicHandler<T>) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      // Wrapped so the same function may be registered twice and removed once per registration.
      const entry = (data: unknown, event: RealtimeEvent) => handler(data as TopicData[T], event as RealtimeEvent<T>);
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
    registerSwrKey(topics, key, revalidate, options = {}) {
      const registration: KeyRegistration = {
        topics: new Set(topics),
        key,
        revalidate,
        skipOwnWrites: options.skipOwnWrites ?? false,
      };
      keys.add(registration);
      return () => {
        keys.delete(registration);
      };
    },
    dispatch(incoming) {
      // A topic this app does not know (a newer server) has no handler and no key.
      if (!isTopic(incoming.topic)) return;
      // The data is trusted to be the topic's: the server's TypedDicts and topics.ts are held together.
      const event = { ...incoming, topic: incoming.topic } as RealtimeEvent;
      for (const handler of [...(handlers.get(event.topic) ?? [])]) safely(() => handler(event.data, event));
      const topic = event.topic;
      const ownWrite = event.ownWrite === true;
      revalidateKeys(
        [...keys].filter((registration) => registration.topics.has(topic) && !(ownWrite && registration.skipOwnWrites)),
      );
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
export function registerTopic<T extends Topic>(topic: T, handler: TopicHandler<T>): () => void {
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
export function notifyTopic<T extends Topic>(topic: T, data: TopicData[T]) {
  topicRegistry.dispatch({ topic, data });
}
