import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { useSession, type ClientProfile, type Profile } from '../../../lib/session';

const REACHED = '✓';
const NEXT = '→';

function isClientProfile(profile: Profile | null): profile is ClientProfile {
  return profile !== null && 'practitioners' in profile;
}

/** A client's short journey: the account, their practitioner, the protocols shared with them. */
export function ClientJourney() {
  const { t } = useTranslation('onboarding');
  const { profile } = useSession();
  const practitioners = isClientProfile(profile) ? profile.practitioners : [];
  const names = practitioners.map((practitioner) => `${practitioner.first_name} ${practitioner.last_name}`.trim());
  const connected = names.length > 0;

  return (
    <>
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('client.lead')}</p>
      </PageIntro>
      <ol className="milestones__list client-journey" aria-label={t('journey.list-label')}>
        <li className="milestone milestone--reached" data-state="reached">
          <span className="milestone__mark" aria-hidden="true">
            {REACHED}
          </span>
          <span className="milestone__title">{t('client.account')}</span>
          <span className="milestone__status">{t('journey.reached')}</span>
        </li>
        <li className={`milestone milestone--${connected ? 'reached' : 'next'}`} data-state={connected ? 'reached' : 'next'}>
          <span className="milestone__mark" aria-hidden="true">
            {connected ? REACHED : NEXT}
          </span>
          <span className="milestone__title">
            {connected ? t('client.practitioner-named', { names: names.join(', ') }) : t('client.practitioner')}
          </span>
          <span className="milestone__status">{connected ? t('journey.reached') : t('client.practitioner-waiting')}</span>
        </li>
        <li className="milestone milestone--open" data-state="open">
          <span className="milestone__mark" aria-hidden="true" />
          <span className="milestone__title">{t('client.protocols')}</span>
          <span className="milestone__status">{t('client.protocols-text')}</span>
        </li>
      </ol>
      <p>
        <LocalizedLink className="button" to="/account/client/protocols">
          {t('client.protocols-cta')}
        </LocalizedLink>
      </p>
    </>
  );
}
