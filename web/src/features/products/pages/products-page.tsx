import { useTranslation } from 'react-i18next';

import { PageIntro } from '../../../components/ui/page-intro';

export function ProductsPage() {
  const { t } = useTranslation();
  return (
    <PageIntro title={t('products.title')}>
      <p className="page-intro__lead">{t('products.text')}</p>
    </PageIntro>
  );
}
