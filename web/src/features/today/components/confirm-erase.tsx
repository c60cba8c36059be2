import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before deleting every check-in; the focus goes to "Keep them", the safe answer. */
export function ConfirmErase({ busy, onConfirm, onClose }: { busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('today');
  const textId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      className="today-confirm"
      role="alertdialog"
      aria-label={t('data.erase')}
      aria-describedby={textId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <p id={textId}>{t('data.erase-confirm')}</p>
      <button type="button" className="button" disabled={busy} onClick={onConfirm}>
        {t('data.erase-yes')}
      </button>
      <button ref={keep} type="button" className="button button--secondary" onClick={onClose}>
        {t('data.erase-no')}
      </button>
    </div>
  );
}
