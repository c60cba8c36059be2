import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { toast } from '../../../lib/toast/toast-store';
import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { signIn } from '../../../lib/session';
import { ResetPasswordRejected, resetPassword } from '../api/reset-password';
import { PasswordField } from '../components/password-field';
import { passwordIsValid } from '../components/password-rules';
import { SubmitButton } from '../components/submit-button';
import { useBlurValidation } from '../components/validation';

type Values = { password: string; confirm_password: string };

/** The landing of the e-mailed reset link: a new password, then signed in (the server starts a session). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const language = useCurrentLanguage();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ password: '', confirm_password: '' });
  const validators = useMemo(
    () => ({
      password: (value: string) =>
        !value ? t('validation.required') : passwordIsValid(value) ? null : t('validation.password'),
      confirm_password: (value: string, all: Values) =>
        !value ? t('validation.required') : value === all.password ? null : t('validation.passwords-differ'),
    }),
    [t],
  );
  const { errors, setErrors, onBlur, validateAll } = useBlurValidation(values, validators);
  const [invalidToken, setInvalidToken] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !validateAll()) return;
    setSubmitting(true);
    setInvalidToken(false);
    try {
      const reply = await resetPassword(token, values, language);
      signIn({ accessToken: reply.access_token, refreshToken: reply.refresh_token, userTypeId: reply.user_type_id });
      toast.success(t('reset.done'));
      await navigate(localizePath('/', language), { replace: true });
    } catch (error) {
      if (error instanceof ResetPasswordRejected) setErrors(error.fieldErrors);
      else setInvalidToken(true);
      setSubmitting(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <PasswordField id="reset-password" label={t('fields.new-password')} withRules
          value={values.password} onChange={(password) => setValues((current) => ({ ...current, password }))}
          onBlur={onBlur('password')} error={errors.password} />
        <PasswordField id="reset-confirm-password" label={t('fields.confirm-password')} autoComplete="new-password"
          value={values.confirm_password}
          onChange={(confirm_password) => setValues((current) => ({ ...current, confirm_password }))}
          onBlur={onBlur('confirm_password')} error={errors.confirm_password} />
        {invalidToken && (
          <p className="auth-form__error" role="alert">
            {t('reset.invalid-token')}{' '}
            <LocalizedLink to="/auth/forgot-password">{t('reset.request-new')}</LocalizedLink>
          </p>
        )}
        <SubmitButton busy={submitting}>
          {submitting ? t('reset.submitting') : t('reset.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
