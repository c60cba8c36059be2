import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { useCurrentLanguage } from '../../../lib/i18n';
import { postForgotPassword } from '../api/forgot-password';
import { TextField } from '../components/form-field';
import { SubmitButton } from '../components/submit-button';
import { looksLikeEmail, useBlurValidation } from '../components/validation';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const language = useCurrentLanguage();
  const [values, setValues] = useState({ email: '' });
  const validators = useMemo(
    () => ({
      email: (value: string) =>
        !value.trim() ? t('validation.required') : looksLikeEmail(value) ? null : t('validation.email'),
    }),
    [t],
  );
  const { errors, onBlur, validateAll } = useBlurValidation(values, validators);
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'sending' || !validateAll()) return;
    setState('sending');
    try {
      await postForgotPassword(values.email.trim(), language);
      setState('sent');
    } catch (error) {
      console.warn('Password reset request failed', error);
      setState('failed');
    }
  };

  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('forgot.title')}</h1>
      {state === 'sent' ? (
        <p className="auth-form__notice" role="status">
          {t('forgot.sent')}
        </p>
      ) : (
        <>
          <p className="auth-card__lead">{t('forgot.lead')}</p>
          <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
            <TextField id="forgot-email" label={t('fields.email')} type="email" autoComplete="email" required
              value={values.email} onChange={(email) => setValues({ email })} onBlur={onBlur('email')} error={errors.email} />
            {state === 'failed' && (
              <p className="auth-form__error" role="alert">
                {t('forgot.failed')}
              </p>
            )}
            <SubmitButton busy={state === 'sending'}>
              {state === 'sending' ? t('forgot.submitting') : t('forgot.submit')}
            </SubmitButton>
          </form>
        </>
      )}
      <div className="auth-links">
        <LocalizedLink to="/login">{t('forgot.back')}</LocalizedLink>
      </div>
    </section>
  );
}
