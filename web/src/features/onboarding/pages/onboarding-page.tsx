import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';

import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { USER_TYPES, useSession } from '../../../lib/session';
import { ClientJourney } from '../components/client-journey';
import { PractitionerJourney } from '../components/practitioner-journey';
import { SignedOutIntro } from '../components/signed-out-intro';
import { RegisterAsPage } from './register-as-page';
import './onboarding.css';

/** `/{lang}/onboarding`: the journey of whoever is here (practitioner or admin, client, or nobody yet). */
function JourneyPage() {
  const { tokens, user } = useSession();
  // The certificate validated by an admin (and every new milestone) shows without reloading.
  if (!tokens || !user) return <SignedOutIntro />;
  return user.userTypeId === USER_TYPES.CLIENT ? <ClientJourney /> : <PractitionerJourney />;
}

/**
 * The onboarding section: the journey at `/{lang}/onboarding` and the registration entry at
 * `/{lang}/onboarding/register-as`; any other path inside goes to the journey.
 */
export function OnboardingPage() {
  // Loads the section's texts once (this chunk suspends until they are there).
  useTranslation('onboarding');
  const language = useCurrentLanguage();
  return (
    <div className="onboarding">
      <Routes>
        <Route index element={<JourneyPage />} />
        <Route path="register-as" element={<RegisterAsPage />} />
        <Route path="*" element={<Navigate to={localizePath('/onboarding', language)} replace />} />
      </Routes>
    </div>
  );
}
