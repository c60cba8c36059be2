import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { BUILDER_TOASTS } from '../builder-messages';
import type { SchedulePatch } from '../state/schedule';
import { useActiveProtocolEditor } from './active-protocol-source';
import { useOptionalBuilder } from './builder-context';
import { builderToast } from './builder-toast-store';
import { failureMessage } from './failure-message';

/**
 * The product row's edits through the editor, each with its toast (spec:
 * docs/spec-coverage.md#s8-success-toasts-created), and told to the builder's state machine when the protocol
 * is the active one (the note bar follows them).
 */
export function useLineActions() {
  const { t } = useTranslation('builder');
  const editor = useActiveProtocolEditor();
  const builder = useOptionalBuilder();
  const [pending, setPending] = useState(0);
  const dispatch = builder?.dispatch;
  const isActive = builder !== null && builder.state.activeProtocolId === editor.protocolId;

  const run = useCallback(
    async <T>(work: () => Promise<T>, success: string, after?: (result: T) => void) => {
      setPending((count) => count + 1);
      try {
        after?.(await work());
        builderToast.success(success);
      } catch (error) {
        builderToast.error(failureMessage(error, t));
        throw error;
      } finally {
        setPending((count) => count - 1);
      }
    },
    [t],
  );

  return useMemo(
    () => ({
      pending: pending > 0,
      setQuantity: (variantId: number, quantity: number) =>
        run(
          () => editor.setQuantity(variantId, quantity),
          t(BUILDER_TOASTS.quantityUpdated),
          () => isActive && dispatch?.({ type: 'productUpdated', productVariantId: variantId, quantity }),
        ),
      setNotes: (variantId: number, notes: string) =>
        run(
          () => editor.setNotes(variantId, notes),
          t(BUILDER_TOASTS.productDetailsUpdated),
          () => isActive && dispatch?.({ type: 'productUpdated', productVariantId: variantId, notes }),
        ),
      setSchedule: (variantId: number, patch: SchedulePatch) =>
        run(
          () => editor.setSchedule(variantId, patch),
          t(BUILDER_TOASTS.scheduleUpdated),
          (protocol) => {
            const schedule = protocol?.products.find((item) => item.product_variant_id === variantId)?.schedule;
            if (isActive && schedule) dispatch?.({ type: 'productUpdated', productVariantId: variantId, schedule });
          },
        ),
      remove: (variantId: number) =>
        run(
          () => editor.removeProduct(variantId),
          t(BUILDER_TOASTS.productDeleted),
          () => isActive && dispatch?.({ type: 'productDeleted', productVariantId: variantId }),
        ),
    }),
    [dispatch, editor, isActive, pending, run, t],
  );
}

export type LineActions = ReturnType<typeof useLineActions>;
