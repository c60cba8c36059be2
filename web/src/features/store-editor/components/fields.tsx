import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface BaseProps {
  id: string;
  label: string;
  error?: string;
  help?: ReactNode;
}

function Describe({ id, error, help }: { id: string; error?: string; help?: ReactNode }) {
  return (
    <>
      {help && (
        <p id={`${id}-help`} className="store-field__help">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="store-field__error">
          {error}
        </p>
      )}
    </>
  );
}

function describedBy(id: string, error?: string, help?: ReactNode): string | undefined {
  return [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

interface TextProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'time';
  required?: boolean;
  autoComplete?: string;
  spellCheck?: boolean;
  /** A rule checked when the field loses focus: the message to show, or undefined when the value is fine. */
  validate?: (value: string) => string | undefined;
}

/**
 * A labelled input or textarea; its error is tied to it for screen readers. Spec
 * docs/spec-coverage.md#s5-forms-validate-blur-again: forms validate on blur and again on each later blur, so
 * the field's own rules (required, `validate`) are checked when it loses focus, not on each key; the server's
 * `errors` (after a save) come first.
 */
export function TextField({ id, label, error, help, value, onChange, maxLength, multiline, rows = 4, type = 'text', required, autoComplete, spellCheck, validate }: TextProps) {
  const { t } = useTranslation('store-editor');
  const [blurError, setBlurError] = useState<string | undefined>();
  const check = (current: string) => {
    if (required && current.trim() === '') return t('field-error.empty');
    return validate?.(current);
  };
  const shown = error ?? blurError;
  const common = {
    id,
    name: id,
    className: 'store-field__input',
    value,
    maxLength,
    required,
    'aria-invalid': shown ? true : undefined,
    'aria-describedby': describedBy(id, shown, help),
    onBlur: (event: { currentTarget: { value: string } }) => setBlurError(check(event.currentTarget.value)),
  };
  return (
    <div className="store-field">
      <label htmlFor={id} className="store-field__label">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={autoComplete ?? 'off'}
          spellCheck={spellCheck}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <Describe id={id} error={shown} help={help} />
    </div>
  );
}

interface SelectProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ id, label, error, help, value, onChange, options }: SelectProps) {
  return (
    <div className="store-field">
      <label htmlFor={id} className="store-field__label">
        {label}
      </label>
      <select
        id={id}
        name={id}
        className="store-field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, help)}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Describe id={id} error={error} help={help} />
    </div>
  );
}
