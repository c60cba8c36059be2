import type { ReactNode } from 'react';

import { BUILDER_TYPES, useSession } from '../../lib/session';
import { LocalizedLink } from './localized-link';
import { PageIntro } from './page-intro';
import { SignInIntro } from './sign-in-intro';

/** A page's own texts for the two ways in that are not a practitioner's. */
export interface PractitionerOnlyTexts {
  title: string;
  signedOut: string;
  signIn: string;
  notPractitioner: string;
  toAccount: string;
}

/**
 * A practitioners' page (certified or not): its content for a signed-in practitioner; signed out, a sign-in
 * link that comes back here; anyone else, the way to their account.
 */
export function PractitionerOnly({ texts, children }: { texts: PractitionerOnlyTexts; children: ReactNode }) {
  const { tokens, user } = useSession();
  if (!tokens || !user) {
    return <SignInIntro title={texts.title} lead={texts.signedOut} signIn={texts.signIn} />;
  }
  if (!BUILDER_TYPES.includes(user.userTypeId)) {
    return (
      <PageIntro title={texts.title}>
        <p className="page-intro__lead">{texts.notPractitioner}</p>
        <LocalizedLink className="button" to="/account">
          {texts.toAccount}
        </LocalizedLink>
      </PageIntro>
    );
  }
  return children;
}
