import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { SHARE_TOASTS } from '../builder-messages';
import type { ShareBlock } from '../share/share-form-rules';

interface ShareButtonProps {
  block: ShareBlock | null;
  onShare: () => void;
}

/**
 * The share button, disabled by the rules of spec docs/spec-coverage.md#s5-share-unavailable-disabled. For
 * the types that may not share it carries the not-approved tooltip, on a focusable wrapper since a disabled
 * button gets no hover or focus.
 */
export function ShareButton({ block, onShare }: ShareButtonProps) {
  const { t } = useTranslation('builder');
  const tipId = useId();
  const button = (
    <button
      type="button"
      className="button"
      disabled={block !== null}
      aria-describedby={block === 'not-approved' ? tipId : undefined}
      onClick={onShare}
    >
      {block === 'sending' ? t('share.sending') : t('share.submit')}
    </button>
  );
  if (block !== 'not-approved') return button;
  return (
    <span className="builder-tooltip" tabIndex={0} aria-describedby={tipId}>
      {button}
      <span id={tipId} role="tooltip" className="builder-tooltip__text">
        {t(SHARE_TOASTS.notApproved)}
      </span>
    </span>
  );
}
