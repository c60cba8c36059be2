import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../../lib/api/http';
import { assignProtocol } from '../api/assign-protocol';
import { fetchProtocolTotal } from '../api/list-protocols';
import { SHARE_TOASTS } from '../builder-messages';
import { assignPayloads, type ShareRecipient } from '../share/share-form-rules';
import { builderToast } from './builder-toast-store';

/**
 * The practitioner's reasons sent with a share: over an upper intake level (`limit_reason`,
 * docs/decisions/0031-daily-totals.md) and, for a client whose medicines the interaction rules say to avoid
 * it with, `warning_reason` (docs/decisions/0043-the-day-schedule.md). Null: none noted.
 */
export interface ShareReasons {
  limit: string | null;
  warning: string | null;
}

/** The reasons the server asked for (a 422 `{errors: {<field>: ["required"]}}`), each with its message. */
export interface ReasonsAsked {
  limit: string | null;
  warning: string | null;
}

export interface ShareOutcome {
  /** The recipients not shared with, which stay on the form. */
  left: ShareRecipient[];
  asked: ReasonsAsked;
}

const NO_REASONS: ShareReasons = { limit: null, warning: null };

/** Which reason a refused share asks for, if that is why it was refused. */
function reasonAsked(error: unknown): keyof ReasonsAsked | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors = (error.body as { errors?: Record<string, unknown> } | null)?.errors;
  const required = (field: string) => {
    const messages = errors?.[field];
    return Array.isArray(messages) && messages.includes('required');
  };
  if (required('limit_reason')) return 'limit';
  if (required('warning_reason')) return 'warning';
  return null;
}

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
 * Resolves with the recipients that were not shared with, which stay on the form, and the reasons the server
 * asked for: a recipient refused for want of one is not a failure, the screen asks for it and shares again.
 */
export function useShare(protocolId: number | null) {
  const { t } = useTranslation('builder');
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);

  const share = useCallback(
    async (recipients: readonly ShareRecipient[], notes: string, reasons: ShareReasons = NO_REASONS): Promise<ShareOutcome | null> => {
      if (inFlight.current || protocolId === null) return null;
      inFlight.current = true;
      setSending(true);
      const left: ShareRecipient[] = [];
      const asked: ReasonsAsked = { limit: null, warning: null };
      let failed = false;
      let failure: string | null | undefined;
      try {
        const payloads = assignPayloads(protocolId, recipients, notes);
        for (const [index, payload] of payloads.entries()) {
          try {
            await assignProtocol({ ...payload, limit_reason: reasons.limit, warning_reason: reasons.warning });
          } catch (error) {
            const recipient = recipients[index];
            if (recipient) left.push(recipient);
            const reason = reasonAsked(error);
            if (reason) {
              asked[reason] ??= shareFailure(error) ?? '';
            } else {
              failed = true;
              failure ??= shareFailure(error);
            }
          }
        }
        if (left.length < recipients.length) {
          builderToast.success(t(SHARE_TOASTS.shared));
          // Spec docs/spec-coverage.md#s4-after-sharing-total-protocol: the total is read after sharing (the
          // server fires the milestones).
          void fetchProtocolTotal().catch(() => undefined);
        }
        if (failed) builderToast.error(failure ?? t(SHARE_TOASTS.shareFailed));
        return { left, asked };
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [protocolId, t],
  );

  return { share, sending };
}
