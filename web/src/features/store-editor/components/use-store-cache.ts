import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { toast } from '../../../lib/toast/toast-store';
import { STORE_KEY } from '../api/keys';
import { reorderPackage } from '../api/reorder-package';
import { reorderService } from '../api/reorder-service';
import type { Store, StorePackage, StoreService } from '../api/types';

function moved<Item extends { id: number }>(items: readonly Item[], id: number, index: number): Item[] {
  const next = items.filter((item) => item.id !== id);
  const item = items.find((candidate) => candidate.id === id);
  if (item) next.splice(index, 0, item);
  return next;
}

/**
 * Writes the server's answers into the store's SWR entry, so every section shows them without a refetch,
 * and reorders lists optimistically (the new order shows at once and is undone if the server refuses).
 */
export function useStoreCache() {
  const { mutate } = useSWRConfig();
  const { t } = useTranslation('store-editor');

  const update = useCallback(
    (change: (store: Store) => Store) =>
      mutate<Store>(STORE_KEY, (current) => (current ? change(current) : current), { revalidate: false }),
    [mutate],
  );

  const reorder = useCallback(
    async <Item extends { id: number }>(
      list: 'services' | 'packages',
      id: number,
      index: number,
      send: () => Promise<Item[]>,
    ) => {
      try {
        await mutate<Store>(
          STORE_KEY,
          async (current) => {
            const items = await send();
            return current ? { ...current, [list]: items } : current;
          },
          {
            optimisticData: (current?: Store) =>
              current
                ? { ...current, [list]: moved(current[list] as unknown as Item[], id, index) }
                : (current as unknown as Store),
            rollbackOnError: true,
            populateCache: true,
            revalidate: false,
          },
        );
      } catch (error) {
        console.warn('Reorder refused', error);
        toast.error(t('reorder.failed'));
      }
    },
    [mutate, t],
  );

  return useMemo(
    () => ({
      setStore: (store: Store) => mutate<Store>(STORE_KEY, store, { revalidate: false }),
      putService: (service: StoreService) =>
        update((store) => ({
          ...store,
          services: store.services.some((item) => item.id === service.id)
            ? store.services.map((item) => (item.id === service.id ? service : item))
            : [...store.services, service],
        })),
      dropService: (id: number) =>
        update((store) => ({ ...store, services: store.services.filter((item) => item.id !== id) })),
      putPackage: (pack: StorePackage) =>
        update((store) => ({
          ...store,
          packages: store.packages.some((item) => item.id === pack.id)
            ? store.packages.map((item) => (item.id === pack.id ? pack : item))
            : [...store.packages, pack],
        })),
      dropPackage: (id: number) =>
        update((store) => ({ ...store, packages: store.packages.filter((item) => item.id !== id) })),
      moveService: (id: number, index: number) =>
        reorder<StoreService>('services', id, index, () => reorderService(id, index + 1)),
      movePackage: (id: number, index: number) =>
        reorder<StorePackage>('packages', id, index, () => reorderPackage(id, index + 1)),
    }),
    [mutate, update, reorder],
  );
}
