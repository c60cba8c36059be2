import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ProtocolTemplate } from '../api/types';
import { canCreate, createFormErrors, type ProtocolFields } from '../forms/protocol-form-rules';
import { useBuilder } from './builder-context';
import { MAX_DESCRIPTION, MAX_NAME } from './limits';
import { TemplatePicker } from './template-picker';
import { TextField } from './text-field';
import { useProtocolActions } from './use-protocol-actions';

type Touched = Partial<Record<keyof ProtocolFields, boolean>>;

/**
 * Spec docs/spec-coverage.md#s5-protocol-create-name: name and description both required ('empty field' once
 * left), create disabled until valid. Started from a template, the fields take its name and description to
 * adapt, and submitting copies it.
 */
export function CreateProtocolForm() {
  const { t } = useTranslation('builder');
  const { dispatch } = useBuilder();
  const actions = useProtocolActions();
  const [fields, setFields] = useState<ProtocolFields>({ name: '', description: '' });
  const [touched, setTouched] = useState<Touched>({});
  const [sending, setSending] = useState(false);
  const [template, setTemplate] = useState<ProtocolTemplate | null>(null);
  // Set before the call starts, so a double click creates one protocol (state would lag a render).
  const inFlight = useRef(false);
  const errors = createFormErrors(fields);

  return (
    <form
      className="builder-view"
      aria-label={t('create.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!canCreate(fields) || inFlight.current) return;
        inFlight.current = true;
        setSending(true);
        void (template ? actions.copyTemplate(template, fields) : actions.create(fields)).finally(() => {
          inFlight.current = false;
          setSending(false);
        });
      }}
    >
      <h2 className="builder-view__title">{t('create.title')}</h2>
      <TemplatePicker
        chosen={template}
        onChoose={(next) => {
          setTemplate(next);
          setFields(next ? { name: next.name, description: next.description } : { name: '', description: '' });
          setTouched({});
        }}
      />
      <TextField
        label={t('form.name')}
        value={fields.name}
        maxLength={MAX_NAME}
        required
        error={touched.name ? errors.name : null}
        onChange={(name) => setFields((current) => ({ ...current, name }))}
        onBlur={() => setTouched((current) => ({ ...current, name: true }))}
      />
      <TextField
        label={t('form.description')}
        value={fields.description}
        maxLength={MAX_DESCRIPTION}
        multiline
        required
        error={touched.description ? errors.description : null}
        onChange={(description) => setFields((current) => ({ ...current, description }))}
        onBlur={() => setTouched((current) => ({ ...current, description: true }))}
      />
      <div className="builder-actions">
        <button type="submit" className="button" disabled={!canCreate(fields) || sending}>
          {template ? t('create.copy') : t('create.submit')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'back' })}>
          {t('ui.back')}
        </button>
      </div>
    </form>
  );
}
