import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A delete button that asks once more before acting. */
export function ConfirmButton({ label, question, onConfirm, disabled }: { label: string; question: string; onConfirm: () => void; disabled?: boolean }) {
  const { t } = useTranslation('store-editor');
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="button button--secondary" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="store-confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        type="button"
        className="button store-confirm__yes"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {t('action.confirm-delete')}
      </button>
      <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
        {t('action.cancel')}
      </button>
    </span>
  );
}
