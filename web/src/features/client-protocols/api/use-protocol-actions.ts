import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { toast } from '../../../lib/toast/toast-store';
import { useCurrentLanguage } from '../../../lib/i18n';
import { discountRate, formatPercent } from '../components/protocol-money';
import { addProtocolToCart } from '../../../lib/cart/add-to-cart';
import { deleteClientProtocol } from './delete-client-protocol';
import { CLIENT_PROTOCOLS_PATH } from './keys';
import type { Protocol, SharedProtocol } from './types';

/**
 * Remove (hide) a shared protocol and put a protocol into the cart, each with its toast 
 * (spec: docs/spec-coverage.md#s8-client-protocol-delete). Nothing is optimistic: the list changes once the
 * server said yes.
 */
export function useProtocolActions() {
  const { t } = useTranslation('client-protocols');
  const language = useCurrentLanguage();
  const { mutate } = useSWRConfig();
  // Protocol ids with a call on its way: the state disables their buttons, the ref refuses a second
  // click that lands before React has rendered the disabled button.
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const pending = useRef(new Set<number>());

  const track = useCallback(async (protocolId: number, run: () => Promise<boolean>): Promise<boolean> => {
    if (pending.current.has(protocolId)) return false;
    pending.current.add(protocolId);
    setBusy(new Set(pending.current));
    try {
      return await run();
    } finally {
      pending.current.delete(protocolId);
      setBusy(new Set(pending.current));
    }
  }, []);

  /**
   * Spec docs/spec-coverage.md#s7-client-protocol-delete: the reply's message is the success toast; section
   * 8: a failure is 'protocol.deleted-error'.
   */
  const remove = useCallback(
    (protocol: SharedProtocol) =>
      track(protocol.protocol_id, async () => {
        try {
          const reply = await deleteClientProtocol(protocol.protocol_id);
          toast.success(reply.message || t('protocol.deleted'));
        } catch (error) {
          console.error('Removing a shared protocol failed', error);
          toast.error(t('protocol.deleted-error'));
          return false;
        }
        await mutate<SharedProtocol[]>(
          CLIENT_PROTOCOLS_PATH,
          (current) => current?.filter((candidate) => candidate.protocol_id !== protocol.protocol_id),
          { revalidate: false },
        );
        return true;
      }),
    [mutate, t, track],
  );

  /** The cart's own discount rate (its latest share's) is the one the toast names: that is what applies. */
  const addToCart = useCallback(
    (protocol: Protocol, linkToken?: string) =>
      track(protocol.protocol_id, async () => {
        try {
          const cart = await addProtocolToCart(protocol.protocol_id, linkToken);
          const rate = discountRate(cart.discount_rate);
          toast.success(
            rate > 0
              ? t('protocol.added-discount', { name: protocol.name, rate: formatPercent(rate, language) })
              : t('protocol.added', { name: protocol.name }),
          );
          return true;
        } catch (error) {
          console.error('Adding a protocol to the cart failed', error);
          toast.error(t('protocol.add-failed', { name: protocol.name }));
          return false;
        }
      }),
    [language, t, track],
  );

  return useMemo(
    () => ({ remove, addToCart, isBusy: (protocolId: number) => busy.has(protocolId) }),
    [addToCart, busy, remove],
  );
}
