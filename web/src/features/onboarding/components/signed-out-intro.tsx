import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';

/** Signed out: what onboarding is, and the way in for a practitioner and for a client. */
export function SignedOutIntro() {
  const { t } = useTranslation('onboarding');
  return (
    <>
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('intro.lead')}</p>
      </PageIntro>
      <div className="onboarding-choices">
        <section className="onboarding-card" aria-labelledby="intro-practitioner">
          <h2 id="intro-practitioner">{t('intro.practitioner-title')}</h2>
          <p>{t('intro.practitioner-text')}</p>
          <LocalizedLink className="button" to="/auth/register?as=practitioner">
            {t('intro.register-practitioner')}
          </LocalizedLink>
        </section>
        <section className="onboarding-card" aria-labelledby="intro-client">
          <h2 id="intro-client">{t('intro.client-title')}</h2>
          <p>{t('intro.client-text')}</p>
          <LocalizedLink className="button" to="/auth/register?as=client">
            {t('intro.register-client')}
          </LocalizedLink>
        </section>
      </div>
      <p>
        {t('intro.have-account')}{' '}
        <LocalizedLink to={`/login?next=${encodeURIComponent('/onboarding')}`}>{t('intro.sign-in')}</LocalizedLink>
      </p>
    </>
  );
}
