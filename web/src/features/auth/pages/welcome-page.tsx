import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { useSession } from '../../../lib/session';

/**
 * Spec docs/spec-coverage.md#s2-welcome-screens-practitioner: the welcome screens of a practitioner and of a
 * client, after activation. Both lead on to the onboarding journey (`/onboarding`): the certificate and
 * milestones for a practitioner, the first steps for a client.
 */
export function WelcomePage() {
  const { t } = useTranslation('auth');
  const { kind } = useParams();
  const language = useCurrentLanguage();
  const { user } = useSession();

  if (kind !== 'practitioner' && kind !== 'client') return <Navigate to={localizePath('/', language)} replace />;
  const name = user?.firstName;
  return (
    <section className="auth-card auth-card--wide" aria-labelledby="welcome-title" data-welcome={kind}>
      <h1 id="welcome-title">{name ? t('welcome.title-named', { name }) : t('welcome.title')}</h1>
      {user && <p className="auth-card__lead">{t('welcome.activated')}</p>}
      <p>{kind === 'practitioner' ? t('welcome.practitioner-text') : t('welcome.client-text')}</p>
      {/* The onboarding journey (features/onboarding) is where each of them goes on from here. */}
      <p>{kind === 'practitioner' ? t('welcome-journey.practitioner') : t('welcome-journey.client')}</p>
      <p>
        <LocalizedLink to="/onboarding" className="button">
          {kind === 'practitioner' ? t('welcome-journey.practitioner-cta') : t('welcome-journey.client-cta')}
        </LocalizedLink>{' '}
        <LocalizedLink to="/products" className="button button--secondary">
          {t('welcome.browse')}
        </LocalizedLink>
      </p>
    </section>
  );
}
