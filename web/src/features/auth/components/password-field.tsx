import { useTranslation } from 'react-i18next';

import { TextField } from './form-field';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES, passwordChecks, type PasswordRule } from './password-rules';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** Show the live password helpers (new passwords only, not the sign-in one). */
  withRules?: boolean;
  autoComplete?: string;
}

/** A password input with the spec's helpers, ticked off live while typing. */
export function PasswordField({ id, label, value, onChange, onBlur, error, withRules = false, autoComplete }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const checks = passwordChecks(value);
  const ruleText = (rule: PasswordRule) => {
    switch (rule) {
      case 'length':
        return t('password-rules.length', { min: PASSWORD_MIN_LENGTH });
      case 'digit':
        return t('password-rules.digit');
      case 'uppercase':
        return t('password-rules.uppercase');
      case 'special':
        return t('password-rules.special');
    }
  };
  const rulesId = `${id}-rules`;
  const help = withRules ? (
    <div id={rulesId} className="password-rules">
      <p className="password-rules__title">{t('password-rules.title')}</p>
      <ul className="password-rules__list">
        {PASSWORD_RULES.map((rule) => (
          <li key={rule} className="password-rules__rule" data-rule={rule} data-met={checks[rule]}>
            <span aria-hidden="true" className="password-rules__mark">
              {checks[rule] ? '\u2713' : '\u2022'}
            </span>
            {ruleText(rule)}
            <span className="visually-hidden">{` (${checks[rule] ? t('password-rules.met') : t('password-rules.unmet')})`}</span>
          </li>
        ))}
      </ul>
    </div>
  ) : undefined;
  return (
    <TextField
      id={id}
      label={label}
      type="password"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      autoComplete={autoComplete ?? (withRules ? 'new-password' : 'current-password')}
      required
      help={help}
      helpId={rulesId}
    />
  );
}
