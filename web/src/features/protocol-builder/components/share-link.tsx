import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCurrentLanguage } from '../../../lib/i18n';
import { getProtocolLink, protocolLinkUrl } from '../api/get-protocol-link';
import { revokeProtocolLink } from '../api/revoke-protocol-link';
import { SHARE_TOASTS } from '../builder-messages';
import { builderToast } from './builder-toast-store';
import { failureMessage } from './failure-message';

/**
 * The protocol's shareable link (spec: docs/spec-coverage.md#s7-link): copied to the clipboard with its
 * toast, or revoked so the old link stops working. Links are for the sharing types only, like sharing itself.
 */
interface ShareLinkProps {
  protocolId: number;
  allowed: boolean;
  /** Why a protocol over an upper level is shared anyway (the share view asks for it). */
  limitReason?: string | null;
}

export function ShareLink({ protocolId, allowed, limitReason = null }: ShareLinkProps) {
  const { t } = useTranslation('builder');
  const language = useCurrentLanguage();
  const [busy, setBusy] = useState(false);

  async function copy() {
    setBusy(true);
    try {
      const reply = await getProtocolLink(protocolId, limitReason);
      await navigator.clipboard.writeText(protocolLinkUrl(window.location.origin, language, reply.link_token));
      builderToast.success(t(SHARE_TOASTS.copyLinkSuccess));
    } catch {
      builderToast.error(t(SHARE_TOASTS.copyLinkFail));
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    setBusy(true);
    try {
      await revokeProtocolLink(protocolId);
      builderToast.success(t('share.link-revoked'));
    } catch (error) {
      builderToast.error(failureMessage(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="builder-link">
      <h3 className="builder-view__subtitle">{t('share.link-title')}</h3>
      <p className="builder-hint">{t('share.link-text')}</p>
      <div className="builder-actions">
        <button type="button" className="button button--secondary" disabled={!allowed || busy} onClick={() => void copy()}>
          {t('share.copy-link')}
        </button>
        <button type="button" className="text-button" disabled={!allowed || busy} onClick={() => void revoke()}>
          {t('share.revoke-link')}
        </button>
      </div>
    </div>
  );
}
