import { useTranslation } from 'react-i18next';

import { PageIntro } from '../../../components/ui/page-intro';

/** `/{lang}/account/practitioner/store`: the practitioner's store editor (issue 9, being built). */
export function StoreEditorPage() {
  const { t } = useTranslation('store-editor');
  return <PageIntro title={t('title')} />;
}
