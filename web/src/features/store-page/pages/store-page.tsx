import { useTranslation } from 'react-i18next';

import { PageIntro } from '../../../components/ui/page-intro';

/** `/{lang}/store/{shop_name}`: a practitioner's public store page (issue 9, being built). */
export function StorePage() {
  const { t } = useTranslation('store-page');
  return <PageIntro title={t('title')} />;
}
