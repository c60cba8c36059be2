import { useTranslation } from 'react-i18next';

import { PageIntro } from '../../../components/ui/page-intro';

export function AuthPage() {
  const { t } = useTranslation();
  return (
    <PageIntro title={t('auth.title')}>
      <p className="page-intro__lead">{t('auth.text')}</p>
    </PageIntro>
  );
}
