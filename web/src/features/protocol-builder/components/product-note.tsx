import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MAX_NOTES, NOTE_SCROLL_CHARS } from './limits';

interface ProductNoteProps {
  name: string;
  notes: string;
  disabled?: boolean;
  onSave: (notes: string) => Promise<unknown>;
}

/**
 * A line's note: read as text (long ones scroll, spec docs/spec-coverage.md#s9-notes-longer-than-75), edited
 * in place.
 */
export function ProductNote({ name, notes, disabled, onSave }: ProductNoteProps) {
  const { t } = useTranslation('builder');
  const [draft, setDraft] = useState<string | null>(null);

  if (draft === null) {
    const long = notes.length > NOTE_SCROLL_CHARS;
    return (
      <div className="builder-note">
        {notes !== '' && (
          // A scrolling note must be reachable by keyboard to be scrolled, and then needs a name.
          <div
            className={long ? 'builder-note__text builder-note__text--scroll' : 'builder-note__text'}
            role={long ? 'group' : undefined}
            tabIndex={long ? 0 : undefined}
            aria-label={long ? t('product.note-of', { name }) : undefined}
          >
            {notes}
          </div>
        )}
        <button type="button" className="text-button" disabled={disabled} onClick={() => setDraft(notes)}>
          {notes === '' ? t('product.add-note') : t('product.edit-note')}
        </button>
      </div>
    );
  }

  return (
    <form
      className="builder-note"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(draft.trim()).then(() => setDraft(null), () => undefined);
      }}
    >
      <label className="builder-field">
        <span>{t('product.note-label', { name })}</span>
        <textarea
          value={draft}
          maxLength={MAX_NOTES}
          rows={3}
          onChange={(event) => setDraft(event.target.value.slice(0, MAX_NOTES))}
        />
      </label>
      <div className="builder-actions">
        <button type="submit" className="button" disabled={disabled || draft.trim() === notes}>
          {t('ui.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setDraft(null)}>
          {t('ui.cancel')}
        </button>
      </div>
    </form>
  );
}
