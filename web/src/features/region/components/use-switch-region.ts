import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

import { setRegion, type Region } from '../../../lib/session/region';

/**
 * Switches the store. Catalogue keys carry the region and follow by themselves; everything else
 * priced by the server (cart, wishlist) is fetched again in the new currency.
 */
export function useSwitchRegion() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (region: Region) => {
      setRegion(region);
      void mutate(() => true);
    },
    [mutate],
  );
}
