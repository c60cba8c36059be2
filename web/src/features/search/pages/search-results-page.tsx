import { useTranslation } from 'react-i18next';

import { PageIntro } from '../../../components/ui/page-intro';

export function SearchResultsPage() {
  const { t } = useTranslation('search');
  return <PageIntro title={t('title')} />;
}
