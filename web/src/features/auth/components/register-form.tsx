import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { ApiError } from '../../../lib/api/http';
import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { useReferenceData } from '../api/reference-data';
import { postRegister, type RegisterAs } from '../api/register';
import { SelectField, TextField } from './form-field';
import { PasswordField } from './password-field';
import { passwordIsValid } from './password-rules';
import { SubmitButton } from './submit-button';
import { looksLikeEmail, useBlurValidation, type Validator } from './validation';

type Values = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  phone: string;
  health_profession: string;
  expertise_level: string;
  organisation_type: string;
};

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  phone: '',
  health_profession: '',
  expertise_level: '',
  organisation_type: '',
};

interface RegisterFormProps {
  as: RegisterAs;
  /**
   * Spec docs/spec-coverage.md#s2-after-registration-language: after registering, the user goes to the
   * language segment plus this path. Defaults to the check-your-e-mail screen.
   */
  followUpPath?: string;
}

export function RegisterForm({ as, followUpPath = `/auth/registered?as=${as}` }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const language = useCurrentLanguage();
  const navigate = useNavigate();
  const practitioner = as === 'practitioner';
  const reference = useReferenceData(language, practitioner);

  const [values, setValues] = useState<Values>(EMPTY);
  const set = (name: keyof Values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const validators = useMemo(() => {
    const required: Validator<Values> = (value) => (value.trim() ? null : t('validation.required'));
    const rules: Partial<Record<keyof Values, Validator<Values>>> = {
      first_name: required,
      last_name: required,
      email: (value) => (!value.trim() ? t('validation.required') : looksLikeEmail(value) ? null : t('validation.email')),
      password: (value) => (!value ? t('validation.required') : passwordIsValid(value) ? null : t('validation.password')),
    };
    if (practitioner) {
      rules.health_profession = required;
      rules.expertise_level = required;
      rules.organisation_type = required;
    }
    return rules;
  }, [t, practitioner]);
  const { errors, setErrors, onBlur, validateAll } = useBlurValidation(values, validators);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !validateAll()) return;
    setSubmitting(true);
    setFormError(null);
    const email = values.email.trim();
    try {
      await postRegister(
        as,
        {
          email,
          password: values.password,
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          phone: values.phone.trim(),
          language,
          ...(practitioner
            ? {
                health_profession: Number(values.health_profession),
                expertise_level: Number(values.expertise_level),
                organisation_type: Number(values.organisation_type),
              }
            : {}),
        },
        language,
      );
      await navigate(localizePath(followUpPath, language), { state: { email } });
    } catch (error) {
      // Spec docs/spec-coverage.md#s8-register-failure-server: the server message, or the unexpected-error
      // text.
      if (error instanceof ApiError) {
        setErrors(serverFieldErrors(error.body, t('register.errors.email-taken')));
        setFormError(error.serverMessage ?? t('register.errors.unexpected'));
      } else {
        console.error('Registration failed', error);
        setFormError(t('register.errors.unexpected'));
      }
      setSubmitting(false);
    }
  };

  const chooseText = t('fields.choose');
  return (
    <section className="auth-card auth-card--wide" aria-labelledby="register-form-title">
      <h1 id="register-form-title">{practitioner ? t('register.title-practitioner') : t('register.title-client')}</h1>
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="auth-form__row">
          <TextField id="register-first-name" label={t('fields.first-name')} autoComplete="given-name" required
            value={values.first_name} onChange={set('first_name')} onBlur={onBlur('first_name')} error={errors.first_name} />
          <TextField id="register-last-name" label={t('fields.last-name')} autoComplete="family-name" required
            value={values.last_name} onChange={set('last_name')} onBlur={onBlur('last_name')} error={errors.last_name} />
        </div>
        <TextField id="register-email" label={t('fields.email')} type="email" autoComplete="email" required
          value={values.email} onChange={set('email')} onBlur={onBlur('email')} error={errors.email} />
        <PasswordField id="register-password" label={t('fields.password')} withRules
          value={values.password} onChange={set('password')} onBlur={onBlur('password')} error={errors.password} />
        <TextField id="register-phone" label={t('fields.phone')} type="tel" autoComplete="tel"
          value={values.phone} onChange={set('phone')} />
        {practitioner && (
          <>
            {reference.error && (
              <p className="auth-form__error" role="alert">
                {t('register.lists-failed')}{' '}
                <button type="button" className="auth-link-button" onClick={() => void reference.mutate()}>
                  {t('register.retry')}
                </button>
              </p>
            )}
            <SelectField id="register-health-profession" label={t('fields.health-profession')} placeholder={chooseText} required
              options={reference.data?.health_professions ?? []} value={values.health_profession}
              onChange={set('health_profession')} onBlur={onBlur('health_profession')} error={errors.health_profession} />
            <SelectField id="register-expertise-level" label={t('fields.expertise-level')} placeholder={chooseText} required
              options={reference.data?.expertise_levels ?? []} value={values.expertise_level}
              onChange={set('expertise_level')} onBlur={onBlur('expertise_level')} error={errors.expertise_level} />
            <SelectField id="register-organisation-type" label={t('fields.organisation-type')} placeholder={chooseText} required
              options={reference.data?.organisation_types ?? []} value={values.organisation_type}
              onChange={set('organisation_type')} onBlur={onBlur('organisation_type')} error={errors.organisation_type} />
          </>
        )}
        {formError && (
          <p className="auth-form__error" role="alert">
            {formError}
          </p>
        )}
        <SubmitButton busy={submitting}>
          {submitting ? t('register.submitting') : t('register.submit')}
        </SubmitButton>
      </form>
      <div className="auth-links">
        <LocalizedLink to={`/auth/register?as=${practitioner ? 'client' : 'practitioner'}`}>
          {practitioner ? t('register.switch-to-client') : t('register.switch-to-practitioner')}
        </LocalizedLink>
        <p>
          {t('register.have-account')} <LocalizedLink to="/login">{t('register.sign-in')}</LocalizedLink>
        </p>
      </div>
    </section>
  );
}

/** The server's per-field messages (`errors: {field: [...]}`) for the fields of this form. */
function serverFieldErrors(body: unknown, emailTaken: string): Partial<Record<keyof Values, string>> {
  const errors = (body as { errors?: Record<string, unknown> } | null)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const result: Partial<Record<keyof Values, string>> = {};
  for (const name of Object.keys(EMPTY) as (keyof Values)[]) {
    const messages = errors[name];
    if (!Array.isArray(messages) || messages.length === 0) continue;
    // The server says "taken" for a used address: a code, worded here in the user's language.
    result[name] = messages.map((message) => (name === 'email' && message === 'taken' ? emailTaken : String(message))).join(' ');
  }
  return result;
}
