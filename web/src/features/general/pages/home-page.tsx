import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <PageIntro title={t('home.title')}>
      <p className="page-intro__lead">{t('home.text')}</p>
      <LocalizedLink to="/products" className="button">
        {t('home.browse')}
      </LocalizedLink>
    </PageIntro>
  );
}
