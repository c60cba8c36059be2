import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { toast } from '../../../lib/toast/toast-store';
import { addProtocolToCart } from '../../../lib/cart/add-to-cart';
import { recordAttribution } from './record-attribution';
import type { StoreProtocol } from './types';

/** The variants the cart takes from a protocol: its lines that can be ordered now. */
export function orderableVariantIds(protocol: StoreProtocol): number[] {
  return protocol.products.filter((line) => line.is_available).map((line) => line.product_variant_id);
}

/**
 * "Add all to cart" on a store page's protocol card: the protocol into the cart through its link, a
 * toast, then the attribution of those variants to the store (docs/api.md "Attribution"). The
 * attribution only follows a cart that said yes, and its failure does not undo or hide the add: it is
 * logged, the visitor's cart is what they asked for.
 */
export function useAddProtocol(shopName: string) {
  const { t } = useTranslation('store-page');
  // Protocol ids with a call on its way: the state disables their buttons, the ref refuses a second
  // click that lands before React has rendered the disabled button.
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const pending = useRef(new Set<number>());

  const add = useCallback(
    async (protocol: StoreProtocol): Promise<boolean> => {
      const id = protocol.protocol_id;
      if (pending.current.has(id)) return false;
      pending.current.add(id);
      setBusy(new Set(pending.current));
      try {
        try {
          await addProtocolToCart(id, protocol.link_token);
        } catch (error) {
          console.error('Adding a protocol to the cart failed', error);
          toast.error(t('protocols.add-failed', { name: protocol.name }));
          return false;
        }
        toast.success(t('protocols.added', { name: protocol.name }));
        try {
          await recordAttribution(shopName, orderableVariantIds(protocol));
        } catch (error) {
          console.error('Recording the store attribution failed', error);
        }
        return true;
      } finally {
        pending.current.delete(id);
        setBusy(new Set(pending.current));
      }
    },
    [shopName, t],
  );

  return useMemo(() => ({ add, isBusy: (protocolId: number) => busy.has(protocolId) }), [add, busy]);
}
