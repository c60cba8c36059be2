import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';

export interface Crumb {
  label: string;
  /** A path without the language; the last crumb (the current page) has none. */
  to?: string;
}

/**
 * Home › Products › category path (› product): the trail of spec
 * docs/spec-coverage.md#s2-lang-products-list-filters's product list.
 */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation('catalog');
  const trail: Crumb[] = [{ label: t('breadcrumbs.home'), to: '/' }, ...items];
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={`${index}-${crumb.label}`}>
              {crumb.to && !last ? (
                <LocalizedLink to={crumb.to}>{crumb.label}</LocalizedLink>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
