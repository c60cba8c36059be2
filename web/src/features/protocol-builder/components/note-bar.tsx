import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { BUILDER_TOASTS } from '../builder-messages';
import { noteError } from '../forms/protocol-form-rules';
import { useActiveProtocolEditor } from './active-protocol-source';
import { useBuilder } from './builder-context';
import { builderToast } from './builder-toast-store';
import { failureMessage } from './failure-message';
import { MAX_NOTES } from './limits';
import { TextField } from './text-field';

/**
 * Standard mode, after a product was added (spec: docs/spec-coverage.md#s4-standard-mode-note-bar): the bar
 * offers a note for it, which is required ('required'); saving it returns the bar to the active protocol.
 */
export function NoteBar() {
  const { t } = useTranslation('builder');
  const { state, dispatch } = useBuilder();
  const editor = useActiveProtocolEditor();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const variantId = state.noteProductVariantId;
  const product = editor.protocol?.products.find((line) => line.product_variant_id === variantId);
  if (variantId === null) return null;
  const error = noteError(note);

  async function save(id: number) {
    setTouched(true);
    if (error || sending) return;
    setSending(true);
    try {
      await editor.setNotes(id, note.trim());
      dispatch({ type: 'productUpdated', productVariantId: id, notes: note.trim() });
      builderToast.success(t(BUILDER_TOASTS.productDetailsUpdated));
    } catch (failure) {
      builderToast.error(failureMessage(failure, t));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="builder-note-bar"
      aria-label={t('note-bar.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(variantId);
      }}
    >
      <p className="builder-note-bar__title">{t('note-bar.added', { name: product?.name ?? '' })}</p>
      <div onFocus={() => state.view === 'ProductAdded' && dispatch({ type: 'noteStarted' })}>
        <TextField
          label={t('note-bar.label')}
          value={note}
          maxLength={MAX_NOTES}
          required
          error={touched ? error : null}
          onChange={setNote}
          onBlur={() => setTouched(true)}
        />
      </div>
      <div className="builder-actions">
        <button type="submit" className="button" disabled={sending}>
          {t('note-bar.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'back' })}>
          {t('note-bar.skip')}
        </button>
      </div>
    </form>
  );
}
