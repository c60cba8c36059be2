import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { FormMessage } from '../forms/protocol-form-rules';
import type { ShareMessage } from '../share/share-form-rules';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /**
   * A `builder` message key, shown under the field once it was left (spec:
   * docs/spec-coverage.md#s5-forms-validate-blur-again: on blur).
   */
  error?: FormMessage | ShareMessage | null;
  multiline?: boolean;
  maxLength: number;
  required?: boolean;
  type?: 'text' | 'email';
}

/** A labelled input or textarea whose error is tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, value, onChange, onBlur, error, multiline, maxLength, required, type = 'text' }: TextFieldProps) {
  const { t } = useTranslation('builder');
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    maxLength,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onBlur,
  };
  return (
    <div className="builder-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value.slice(0, maxLength))} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value.slice(0, maxLength))} />
      )}
      {error && (
        <p id={errorId} className="builder-field__error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
