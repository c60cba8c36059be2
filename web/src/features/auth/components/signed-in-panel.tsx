import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { useSession } from '../../../lib/session';
import { displayName, useUserTypeLabel } from './use-user-type-label';

/** What the sign-in screen shows to someone who is signed in already. */
export function SignedInPanel() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const typeLabel = useUserTypeLabel();
  const user = session.user;
  const name = user ? displayName(user) : '';
  return (
    <section className="auth-card" aria-labelledby="signed-in-title">
      <h1 id="signed-in-title">{t('login.signed-in-title')}</h1>
      {user && name && (
        <p className="auth-card__lead" data-testid="signed-in-as">
          {t('login.signed-in-as', { name, type: typeLabel(user.userTypeId) })}
        </p>
      )}
      <div className="auth-actions">
        <LocalizedLink to="/products" className="button">
          {t('login.continue')}
        </LocalizedLink>
        <button
          type="button"
          className="auth-button auth-button--secondary"
          onClick={() => void session.signOut()}
          disabled={session.isLoggingOut}
        >
          {session.isLoggingOut ? t('session.signing-out') : t('session.sign-out')}
        </button>
      </div>
    </section>
  );
}
