import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { useSession } from '../../../lib/session';
import { externalNavigation, interpretLoginReply, postLogin } from '../api/login';
import { TextField } from '../components/form-field';
import { resolveLoginFailure, type LoginErrorKey } from '../components/login-failure';
import { PasswordField } from '../components/password-field';
import { safeNextPath } from '../components/safe-next';
import { SignedInPanel } from '../components/signed-in-panel';
import { SubmitButton } from '../components/submit-button';
import { looksLikeEmail, useBlurValidation } from '../components/validation';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const language = useCurrentLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const returnTo = params.get('return_to');

  const [values, setValues] = useState({ email: '', password: '' });
  const validators = useMemo(
    () => ({
      email: (value: string) =>
        !value.trim() ? t('validation.required') : looksLikeEmail(value) ? null : t('validation.email'),
      password: (value: string) => (value ? null : t('validation.required')),
    }),
    [t],
  );
  const { errors, onBlur, validateAll } = useBlurValidation(values, validators);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const errorText = (key: LoginErrorKey) => {
    switch (key) {
      case 'invalid-credentials':
        return t('login.errors.invalid-credentials');
      case 'insecure-redirect':
        return t('login.errors.insecure-redirect');
      case 'redirect-without-token':
        return t('login.errors.redirect-without-token');
      case 'server':
        return t('login.errors.server');
      case 'unhandled':
        return t('login.errors.unhandled');
    }
  };
  const goOn = () => navigate(localizePath(safeNextPath(params.get('next')), language), { replace: true });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !validateAll()) return;
    setSubmitting(true);
    setFormError(null);
    try {
      const reply = await postLogin(
        { email: values.email.trim(), password: values.password, ...(returnTo ? { return_to: returnTo } : {}) },
        language,
      );
      const outcome = interpretLoginReply(reply);
      if (outcome.kind === 'redirect') {
        // The page is leaving for the store; the form stays busy until it has.
        externalNavigation.assign(outcome.url);
        return;
      }
      session.signIn(outcome.tokens);
      await goOn();
    } catch (error) {
      const failure = await resolveLoginFailure(error);
      if (failure.kind === 'signed-in') {
        await goOn();
        return;
      }
      setFormError(failure.serverMessage ?? errorText(failure.key));
      setSubmitting(false);
    }
  };

  // A signed-in visitor sees who they are; the store redirect still needs the form (it re-checks the password).
  if (session.status === 'loggedin' && !returnTo && !submitting) return <SignedInPanel />;

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="auth-card__lead">{t('login.lead')}</p>
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          id="login-email"
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(email) => setValues((current) => ({ ...current, email }))}
          onBlur={onBlur('email')}
          error={errors.email}
        />
        <PasswordField
          id="login-password"
          label={t('fields.password')}
          value={values.password}
          onChange={(password) => setValues((current) => ({ ...current, password }))}
          onBlur={onBlur('password')}
          error={errors.password}
        />
        {formError && (
          <p className="auth-form__error" role="alert">
            {formError}
          </p>
        )}
        <SubmitButton busy={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </SubmitButton>
      </form>
      <div className="auth-links">
        <LocalizedLink to="/auth/forgot-password">{t('login.forgot')}</LocalizedLink>
        <p>
          {t('login.no-account')} <LocalizedLink to="/auth/register">{t('login.register')}</LocalizedLink>
        </p>
      </div>
    </section>
  );
}
