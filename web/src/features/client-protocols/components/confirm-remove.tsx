import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmRemoveProps {
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a shared protocol leaves the list: inline in the protocol's card, so the reader still
 * sees which protocol it is about. Focus moves to it so a keyboard user lands on the question; Escape
 * says no.
 */
export function ConfirmRemove({ name, busy, onConfirm, onCancel }: ConfirmRemoveProps) {
  const { t } = useTranslation('client-protocols');
  const titleId = useId();
  const textId = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);

  return (
    <div
      className="protocol-confirm"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id={titleId} className="protocol-confirm__title">
        {t('protocol.confirm-title')}
      </p>
      <p id={textId}>{t('protocol.confirm-text', { name })}</p>
      <div className="protocol-actions">
        <button ref={confirm} type="button" className="button" disabled={busy} onClick={onConfirm}>
          {t('protocol.confirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('protocol.cancel')}
        </button>
      </div>
    </div>
  );
}
