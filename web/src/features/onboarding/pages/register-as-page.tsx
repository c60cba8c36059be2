import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';

/**
 * `/{lang}/onboarding/register-as`, the registration entry that the old `/account/register` URL lands
 * on (spec: docs/spec-coverage.md#s2-register-as): the practitioner's way in, with the client's beside it.
 * The forms themselves are the auth screens' (`/auth/register?as=practitioner|client`).
 */
export function RegisterAsPage() {
  const { t } = useTranslation('onboarding');
  return (
    <>
      <PageIntro title={t('register-as.title')}>
        <p className="page-intro__lead">{t('register-as.lead')}</p>
      </PageIntro>
      <section className="onboarding-card" aria-labelledby="register-as-steps">
        <h2 id="register-as-steps">{t('register-as.steps-label')}</h2>
        <ol className="register-as__steps">
          <li>{t('register-as.step-register')}</li>
          <li>{t('register-as.step-certificate')}</li>
          <li>{t('register-as.step-share')}</li>
        </ol>
        <LocalizedLink className="button" to="/auth/register?as=practitioner">
          {t('register-as.register')}
        </LocalizedLink>
      </section>
      <p>
        {t('register-as.client-question')}{' '}
        <LocalizedLink to="/auth/register?as=client">{t('register-as.register-client')}</LocalizedLink>
      </p>
      <p>
        {t('intro.have-account')} <LocalizedLink to="/login">{t('intro.sign-in')}</LocalizedLink>
      </p>
    </>
  );
}
