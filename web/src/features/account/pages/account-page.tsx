import { useTranslation } from 'react-i18next';

import { PageIntro } from '../../../components/ui/page-intro';

export function AccountPage() {
  const { t } = useTranslation();
  return (
    <PageIntro title={t('account.title')}>
      <p className="page-intro__lead">{t('account.text')}</p>
    </PageIntro>
  );
}
