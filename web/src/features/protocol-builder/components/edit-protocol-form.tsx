import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Protocol } from '../api/types';
import { BUILDER_TOASTS } from '../builder-messages';
import { canSaveEdit, editFormErrors, type ProtocolFields } from '../forms/protocol-form-rules';
import { useActiveProtocolEditor } from './active-protocol-source';
import { builderToast } from './builder-toast-store';
import { ConfirmDrawer } from './drawer';
import { failureMessage } from './failure-message';
import { MAX_DESCRIPTION, MAX_NAME } from './limits';
import { TextField } from './text-field';

interface EditProtocolFormProps {
  onClose: () => void;
  /** After a successful save, with the protocol as saved (the form is done then). */
  onSaved: (protocol: Protocol | null) => void;
  /** Deletes the protocol; resolves true when it is gone. */
  onDelete: () => Promise<boolean>;
}

/**
 * Spec docs/spec-coverage.md#s5-protocol-edit-name-required: the name required, the description optional,
 * save enabled only when something changed. The changes go through the editor (rename, description); delete
 * asks first.
 */
export function EditProtocolForm({ onClose, onSaved, onDelete }: EditProtocolFormProps) {
  const { t } = useTranslation('builder');
  const editor = useActiveProtocolEditor();
  const original: ProtocolFields = { name: editor.protocol?.name ?? '', description: editor.protocol?.description ?? '' };
  const [fields, setFields] = useState<ProtocolFields>(original);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const errors = editFormErrors(fields);

  async function save() {
    setSending(true);
    try {
      let saved: Protocol | null = null;
      if (fields.name.trim() !== original.name) saved = await editor.rename(fields.name.trim());
      if (fields.description.trim() !== original.description) saved = await editor.setDescription(fields.description.trim());
      builderToast.success(t(BUILDER_TOASTS.protocolUpdated));
      onSaved(saved);
    } catch (error) {
      builderToast.error(failureMessage(error, t));
    } finally {
      setSending(false);
    }
  }

  async function remove() {
    setSending(true);
    const gone = await onDelete();
    setSending(false);
    if (gone) setConfirming(false);
  }

  return (
    <form
      className="builder-view"
      aria-label={t('edit.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canSaveEdit(fields, original) && !sending) void save();
      }}
    >
      <h2 className="builder-view__title">{t('edit.title')}</h2>
      <TextField
        label={t('form.name')}
        value={fields.name}
        maxLength={MAX_NAME}
        required
        error={touched ? errors.name : null}
        onChange={(name) => setFields((current) => ({ ...current, name }))}
        onBlur={() => setTouched(true)}
      />
      <TextField
        label={t('form.description-optional')}
        value={fields.description}
        maxLength={MAX_DESCRIPTION}
        multiline
        onChange={(description) => setFields((current) => ({ ...current, description }))}
      />
      <div className="builder-actions">
        <button type="submit" className="button" disabled={!canSaveEdit(fields, original) || sending}>
          {t('ui.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('ui.back')}
        </button>
        <button type="button" className="text-button builder-danger" onClick={() => setConfirming(true)}>
          {t('delete.open')}
        </button>
      </div>
      {confirming && (
        <ConfirmDrawer
          title={t('delete.title')}
          text={t('delete.text', { name: original.name })}
          confirmLabel={t('delete.confirm')}
          busy={sending}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
