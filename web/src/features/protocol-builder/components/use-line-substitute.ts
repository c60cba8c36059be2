import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { protocolPath } from '../api/keys';
import { setLineSubstitute } from '../api/set-line-substitute';
import type { Protocol } from '../api/types';
import { BUILDER_TOASTS } from '../builder-messages';
import { setSubstitute } from '../state/protocol-math';
import { builderToast } from './builder-toast-store';
import { failureMessage } from './failure-message';

/**
 * Saving a line's substitute. It is not part of the live document (docs/decisions/0041-substitutes.md): it
 * goes over REST whichever editor is active, and lands in the protocol's REST data (`useProtocol`), which
 * both editors show the cards from. Only the line's substitute is taken from the answer, so a quantity or
 * note on its way is not overwritten by the protocol as it was. The server's `protocol.updated` refetches
 * it on the practitioner's other devices.
 */
export function useLineSubstitute(protocolId: number, variantId: number) {
  const { t } = useTranslation('builder');
  const { mutate } = useSWRConfig();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Resolves true once saved; on a refusal the error holds the server's message. */
  const save = useCallback(
    async (substituteVariantId: number | null): Promise<boolean> => {
      setSaving(true);
      setError(null);
      try {
        const reply = await setLineSubstitute(protocolId, variantId, substituteVariantId);
        const line = reply.data.products.find((product) => product.product_variant_id === variantId);
        const key = protocolPath(protocolId);
        if (line) {
          await mutate<Protocol>(key, (current) => setSubstitute(current ?? reply.data, variantId, line.substitute), {
            revalidate: false,
          });
        } else {
          // The answer leaves the line out (removed meanwhile): read the protocol as it is now.
          await mutate(key);
        }
        builderToast.success(t(substituteVariantId === null ? BUILDER_TOASTS.substituteCleared : BUILDER_TOASTS.substituteSaved));
        return true;
      } catch (failure) {
        setError(failureMessage(failure, t));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [mutate, protocolId, t, variantId],
  );

  const clearError = useCallback(() => setError(null), []);
  return { saving, error, save, clearError };
}
