import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { RegisterForm } from '../components/register-form';

/**
 * /auth/register asks practitioner or client; /auth/register?as=practitioner and ?as=client show
 * the form for that account type (one screen, so the choice survives a reload and can be linked).
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const as = params.get('as');
  if (as === 'practitioner' || as === 'client') return <RegisterForm key={as} as={as} />;
  return (
    <section className="auth-card auth-card--wide" aria-labelledby="register-title">
      <h1 id="register-title">{t('register.title')}</h1>
      <p className="auth-card__lead">{t('register.lead')}</p>
      <div className="register-choice">
        <LocalizedLink to="/auth/register?as=practitioner" className="register-choice__option">
          <span className="register-choice__title">{t('register.as-practitioner')}</span>
          <span className="register-choice__text">{t('register.as-practitioner-text')}</span>
        </LocalizedLink>
        <LocalizedLink to="/auth/register?as=client" className="register-choice__option">
          <span className="register-choice__title">{t('register.as-client')}</span>
          <span className="register-choice__text">{t('register.as-client-text')}</span>
        </LocalizedLink>
      </div>
      <p className="auth-links">
        {t('register.have-account')} <LocalizedLink to="/login">{t('register.sign-in')}</LocalizedLink>
      </p>
    </section>
  );
}
