import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../../lib/api/http';
import { assignProtocol } from '../api/assign-protocol';
import { fetchProtocolTotal } from '../api/list-protocols';
import { SHARE_TOASTS } from '../builder-messages';
import { assignPayloads, type ShareRecipient } from '../share/share-form-rules';
import { builderToast } from './builder-toast-store';

/**
 * The server's message for a failed share, else 'failed to share' (spec:
 * docs/spec-coverage.md#s8-share-failure-toast-server).
 */
function shareFailure(error: unknown): string | null {
  return error instanceof ApiError ? (error.serverMessage ?? null) : null;
}

/**
 * Shares with each recipient in turn (one assign call each). A second click while sending does
 * nothing: the guard is a ref, set before the first await, so even two clicks in one frame share once.
 * Resolves with the recipients that were not shared with, which stay on the form.
 */
export function useShare(protocolId: number | null) {
  const { t } = useTranslation('builder');
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);

  const share = useCallback(
    async (
      recipients: readonly ShareRecipient[],
      notes: string,
      limitReason: string | null = null,
    ): Promise<ShareRecipient[] | null> => {
      if (inFlight.current || protocolId === null) return null;
      inFlight.current = true;
      setSending(true);
      const left: ShareRecipient[] = [];
      let failure: string | null | undefined;
      try {
        const payloads = assignPayloads(protocolId, recipients, notes);
        for (const [index, payload] of payloads.entries()) {
          try {
            await assignProtocol({ ...payload, limit_reason: limitReason });
          } catch (error) {
            const recipient = recipients[index];
            if (recipient) left.push(recipient);
            failure ??= shareFailure(error);
          }
        }
        if (left.length < recipients.length) {
          builderToast.success(t(SHARE_TOASTS.shared));
          // Spec docs/spec-coverage.md#s4-after-sharing-total-protocol: the total is read after sharing (the
          // server fires the milestones).
          void fetchProtocolTotal().catch(() => undefined);
        }
        if (left.length > 0) builderToast.error(failure ?? t(SHARE_TOASTS.shareFailed));
        return left;
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [protocolId, t],
  );

  return { share, sending };
}
