import type { ReactNode } from 'react';

import { RoleGate, USER_TYPES } from '../../lib/session';
import { useSignedIn } from '../../lib/session/use-signed-in';
import { LocalizedLink } from './localized-link';
import { PageIntro } from './page-intro';
import { SignInIntro } from './sign-in-intro';

const CLIENTS: readonly number[] = [USER_TYPES.CLIENT];

export interface ClientsOnlyTexts {
  title: string;
  /** What signing in gives, for a visitor who is signed out. */
  signedOut: string;
  signIn: string;
  /** Who the page is for, for a signed-in user of another role. */
  clientsOnly: string;
  /** With it, a link back to the account page. */
  toAccount?: string;
}

/** A client page's gate: signed out, the way to sign in (and back); another role, who the page is for. */
export function ClientsOnly({ texts, children }: { texts: ClientsOnlyTexts; children: ReactNode }) {
  const signedIn = useSignedIn();
  if (!signedIn) return <SignInIntro title={texts.title} lead={texts.signedOut} signIn={texts.signIn} />;
  return (
    <RoleGate
      allowed={CLIENTS}
      fallback={
        <PageIntro title={texts.title}>
          <p className="page-intro__lead">{texts.clientsOnly}</p>
          {texts.toAccount ? (
            <LocalizedLink className="button" to="/account">
              {texts.toAccount}
            </LocalizedLink>
          ) : null}
        </PageIntro>
      }
    >
      {children}
    </RoleGate>
  );
}
