import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageIntro title={t('not-found.title')}>
      <p className="page-intro__lead">{t('not-found.text')}</p>
      <LocalizedLink to="/" className="button">
        {t('not-found.home')}
      </LocalizedLink>
    </PageIntro>
  );
}
