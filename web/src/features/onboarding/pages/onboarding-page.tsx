import { useTranslation } from 'react-i18next';

import { PageIntro } from '../../../components/ui/page-intro';

export function OnboardingPage() {
  const { t } = useTranslation();
  return (
    <PageIntro title={t('onboarding.title')}>
      <p className="page-intro__lead">{t('onboarding.text')}</p>
    </PageIntro>
  );
}
