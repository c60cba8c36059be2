import type { ChangeEvent, ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  required?: boolean;
  /** Extra help under the input (e.g. the password rules), announced with it. */
  help?: ReactNode;
  helpId?: string;
}

/** A labelled input whose error is tied to it for screen readers. */
export function TextField({ id, label, value, onChange, onBlur, error, type = 'text', autoComplete, required, help, helpId }: FieldProps) {
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, help && helpId ? helpId : null].filter(Boolean).join(' ');
  return (
    <div className="auth-field">
      <label htmlFor={id} className="auth-field__label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        className="auth-field__input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {help}
      {error && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  options: readonly { id: number; name: string }[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
}

export function SelectField({ id, label, placeholder, value, options, onChange, onBlur, error, required }: SelectProps) {
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={id} className="auth-field__label">
        {label}
      </label>
      <select
        id={id}
        name={id}
        className="auth-field__input"
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
