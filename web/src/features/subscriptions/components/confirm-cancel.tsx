import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before cancelling for good; the focus goes to "Keep it", the safe answer, and back when closed. */
export function ConfirmCancel({ busy, onConfirm, onClose }: { busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('subscriptions');
  const textId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      className="refill-confirm"
      role="alertdialog"
      aria-label={t('actions.cancel')}
      aria-describedby={textId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <p id={textId}>{t('actions.cancel-confirm')}</p>
      <button type="button" className="button" disabled={busy} onClick={onConfirm}>
        {t('actions.cancel-yes')}
      </button>
      <button ref={keep} type="button" className="button button--secondary" onClick={onClose}>
        {t('actions.cancel-no')}
      </button>
    </div>
  );
}
