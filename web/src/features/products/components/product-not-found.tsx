import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';

/** An unknown product address (the API's 404): said inside the shell, with a way back to the list. */
export function ProductNotFound() {
  const { t } = useTranslation('catalog');
  return (
    <PageIntro title={t('not-found.title')}>
      <p className="page-intro__lead">{t('not-found.text')}</p>
      <LocalizedLink to="/products" className="button">
        {t('not-found.back')}
      </LocalizedLink>
    </PageIntro>
  );
}
