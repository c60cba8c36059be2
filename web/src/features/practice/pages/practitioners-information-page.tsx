import { useTranslation } from 'react-i18next';

import { Icon, type RoundIconType } from '../../../components/icons/icon';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import '../practice.css';

const BENEFITS: readonly { icon: RoundIconType; key: 'protocols' | 'clients' | 'store' | 'commission' }[] = [
  { icon: 'protocol', key: 'protocols' },
  { icon: 'clients', key: 'clients' },
  { icon: 'store', key: 'store' },
  { icon: 'commissionData', key: 'commission' },
];

/**
 * `/{lang}/practitioners-information`: what the shop offers practitioners, the target of the old store's
 * `/pages/practitioners-information` (spec: docs/spec-coverage.md#s2-practitioners-information), with the way
 * to register or sign in.
 */
export function PractitionersInformationPage() {
  const { t } = useTranslation('practice');
  return (
    <>
      <PageIntro title={t('info.title')}>
        <p className="page-intro__lead">{t('info.lead')}</p>
      </PageIntro>
      <ul className="practice-info__benefits">
        {BENEFITS.map(({ icon, key }) => (
          <li key={key} className="practice-card">
            <Icon type={icon} />
            <h2>{t(`info.${key}.title`)}</h2>
            <p>{t(`info.${key}.text`)}</p>
          </li>
        ))}
      </ul>
      <p>{t('info.certificate')}</p>
      <div className="practice-info__actions">
        <LocalizedLink className="button" to="/onboarding/register-as">
          {t('info.register')}
        </LocalizedLink>
        <LocalizedLink to="/login">{t('info.sign-in')}</LocalizedLink>
      </div>
    </>
  );
}
