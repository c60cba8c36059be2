import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { PageLoading } from '../../../components/ui/page-loading';
import { toast } from '../../../lib/toast/toast-store';
import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { profileKindOf, signIn } from '../../../lib/session';
import { postActivate } from '../api/activate';

/**
 * The landing of the e-mailed activation link: activates, signs in and welcomes the new user.
 * Spec docs/spec-coverage.md#s8-activate-failure-redirect: a failed activation goes to the sign-in screen
 * (with a word why).
 */
export function ActivatePage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const language = useCurrentLanguage();
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    postActivate(token, language).then(
      (reply) => {
        if (cancelled) return;
        signIn({ accessToken: reply.access_token, refreshToken: reply.refresh_token, userTypeId: reply.user_type_id });
        void navigate(localizePath(`/auth/welcome/${profileKindOf(reply.user_type_id)}`, language), { replace: true });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn('Activation failed', error);
        toast.error(t('activate.failed'));
        void navigate(localizePath('/login', language), { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, language, navigate, t]);

  return (
    <section className="auth-card" aria-labelledby="activate-title" aria-busy="true">
      <h1 id="activate-title">{t('activate.title')}</h1>
      <PageLoading />
    </section>
  );
}
