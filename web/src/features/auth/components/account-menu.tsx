import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { useSession } from '../../../lib/session';
import { displayName, useUserTypeLabel } from './use-user-type-label';
import './account-menu.css';

/** The path after the language segment, to come back to after signing in. */
function currentPathWithoutLanguage(pathname: string, search: string): string {
  const rest = pathname.replace(/^\/[^/]+/, '') || '/';
  return `${rest}${search}`;
}

/**
 * The header's account corner: a sign-in link when signed out; the user's name and type and a
 * sign-out button when signed in. It does not suspend while the auth texts load (it sits in the
 * header of every page), it renders an empty placeholder for that moment instead.
 */
export function AccountMenu() {
  const { t, ready } = useTranslation('auth', { useSuspense: false });
  const session = useSession();
  const typeLabel = useUserTypeLabel();
  const { pathname, search } = useLocation();

  if (!ready) return <div className="account-menu" aria-hidden="true" />;

  if (session.status === 'loggedout' || !session.user) {
    const back = currentPathWithoutLanguage(pathname, search);
    const onAuthPage = back.startsWith('/auth/') || /^\/login(?:[?]|$)/.test(back);
    const to = onAuthPage || back === '/' ? '/login' : `/login?next=${encodeURIComponent(back)}`;
    return (
      <div className="account-menu">
        <LocalizedLink to={to} className="account-menu__sign-in">
          {t('session.sign-in')}
        </LocalizedLink>
      </div>
    );
  }

  const name = displayName(session.user);
  return (
    <div className="account-menu" role="group" aria-label={t('session.account')}>
      <span className="account-menu__who">
        {name && <span className="account-menu__name">{name}</span>}
        <span className="account-menu__type">{typeLabel(session.user.userTypeId)}</span>
      </span>
      <button
        type="button"
        className="account-menu__sign-out"
        onClick={() => void session.signOut()}
        disabled={session.isLoggingOut}
      >
        {session.isLoggingOut ? t('session.signing-out') : t('session.sign-out')}
      </button>
    </div>
  );
}
