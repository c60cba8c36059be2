import { useEffect } from 'react';
import { useSWRConfig } from 'swr';

import { topicRegistry, type KeyOptions } from './topic-registry';
import { isTopic, type Topic } from './topics';

/**
 * Revalidates the SWR `key` when one of `topics` arrives on the socket, and whenever the client must
 * refetch everything (first connect, `resync`), while the calling component is mounted. The key is
 * revalidated in the SWR cache the component reads (its `SWRConfig`), once per event however many
 * components show it. Pass null as key to register nothing (e.g. signed out).
 */
export function useRealtimeKey(topics: readonly Topic[], key: string | null, { skipOwnWrites = false }: KeyOptions = {}) {
  const { mutate } = useSWRConfig();
  // Joined so a new array literal on every render does not re-register.
  const topicList = topics.join(' ');
  useEffect(() => {
    if (key === null) return undefined;
    return topicRegistry.registerSwrKey(topicList.split(' ').filter(isTopic), key, (k) => mutate(k), { skipOwnWrites });
  }, [key, mutate, topicList, skipOwnWrites]);
}
