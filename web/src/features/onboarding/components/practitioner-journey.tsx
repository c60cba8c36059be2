import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { useSession, type PractitionerProfile, type Profile } from '../../../lib/session';
import { CertificateStatus } from './certificate-status';
import { journeyOf } from './journey';
import { MilestoneList } from './milestone-list';
import { NextStep } from './next-step';

function isPractitionerProfile(profile: Profile | null): profile is PractitionerProfile {
  return profile !== null && 'milestones' in profile;
}

/** A practitioner's (or an admin's) journey: progress, the next step, the certificate, every milestone. */
export function PractitionerJourney() {
  const { t } = useTranslation('onboarding');
  const { profile, profileError, reloadProfile } = useSession();

  if (!isPractitionerProfile(profile)) {
    return (
      <PageIntro title={t('title')}>
        {profileError ? (
          <div role="alert">
            <p>{t('load-error')}</p>
            <button type="button" className="button" onClick={reloadProfile}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <p aria-busy="true">{t('loading')}</p>
        )}
      </PageIntro>
    );
  }

  const journey = journeyOf(profile);
  const progress = t('journey.progress', { count: journey.reachedCount, total: journey.total });
  return (
    <>
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('journey.lead')}</p>
        <div className="journey-progress">
          <progress max={journey.total} value={journey.reachedCount} aria-label={progress} />
          <span>{progress}</span>
        </div>
      </PageIntro>
      <div className="journey">
        <div className="journey__main">
          <NextStep journey={journey} />
          <MilestoneList steps={journey.steps} />
        </div>
        <aside className="journey__aside">
          <CertificateStatus profile={profile} />
          <section className="onboarding-card" aria-labelledby="store-title">
            <h2 id="store-title">{t('store.title')}</h2>
            <p>{t('store.text')}</p>
            <LocalizedLink className="button button--secondary" to="/account/practitioner/store">
              {t('store.cta')}
            </LocalizedLink>
          </section>
        </aside>
      </div>
    </>
  );
}
