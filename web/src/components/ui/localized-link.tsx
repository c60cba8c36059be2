import { Link, NavLink, type LinkProps, type NavLinkProps, type To } from 'react-router';

import { useCurrentLanguage } from '../../lib/i18n';
import { localizePath, type Language } from '../../lib/languages';

function localizeTo(to: To, language: Language): To {
  if (typeof to === 'string') return localizePath(to, language);
  return to.pathname === undefined ? to : { ...to, pathname: localizePath(to.pathname, language) };
}

/** A router link whose absolute path gets the current language prefix (`/products` → `/de/products`). */
export function LocalizedLink({ to, ...props }: LinkProps) {
  const language = useCurrentLanguage();
  return <Link to={localizeTo(to, language)} {...props} />;
}

/** The NavLink counterpart of LocalizedLink (sets `aria-current="page"` when active). */
export function LocalizedNavLink({ to, ...props }: NavLinkProps) {
  const language = useCurrentLanguage();
  return <NavLink to={localizeTo(to, language)} {...props} />;
}
