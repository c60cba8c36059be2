import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';

/** After registering: the account waits for the e-mailed activation link. */
export function RegisteredPage() {
  const { t } = useTranslation('auth');
  const state = useLocation().state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : null;
  return (
    <section className="auth-card" aria-labelledby="registered-title">
      <h1 id="registered-title">{t('registered.title')}</h1>
      <p className="auth-card__lead">{email ? t('registered.text-email', { email }) : t('registered.text')}</p>
      <LocalizedLink to="/login" className="button">
        {t('registered.sign-in')}
      </LocalizedLink>
    </section>
  );
}
