import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageIntro } from '../../../components/ui/page-intro';
import { SignInIntro } from '../../../components/ui/sign-in-intro';
import { RoleGate, USER_TYPES } from '../../../lib/session';
import { useSignedIn } from '../../../lib/session/use-signed-in';

const CLIENTS: readonly number[] = [USER_TYPES.CLIENT];

/** A refills page's gate: signed out, the way to sign in (and back); another role, what refills are for. */
export function ClientsOnly({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('subscriptions');
  const signedIn = useSignedIn();
  if (!signedIn) return <SignInIntro title={title} lead={t('signed-out')} signIn={t('sign-in')} />;
  return (
    <RoleGate
      allowed={CLIENTS}
      fallback={
        <PageIntro title={title}>
          <p className="page-intro__lead">{t('clients-only')}</p>
        </PageIntro>
      }
    >
      {children}
    </RoleGate>
  );
}
