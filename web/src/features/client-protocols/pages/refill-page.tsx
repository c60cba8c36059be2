import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { PageIntro } from '../../../components/ui/page-intro';
import { SignInLink } from '../../../components/ui/sign-in-link';
import { addProtocolToCart } from '../../../lib/cart/add-to-cart';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast/toast-store';
import { localizePath } from '../../../lib/languages';

type Step = 'adding' | 'failed';

/**
 * `/{lang}/refill/{protocol_id}[?link_token=]`: the one click of a refill reminder
 * (docs/decisions/0032-refills-timed-to-the-bottle.md). Signed in, the protocol's lines as they are now go
 * into the cart, and the cart opens; signed out, sign in first and come back here.
 */
export function RefillPage() {
  const { t } = useTranslation('client-protocols');
  const { tokens } = useSession();
  const protocolId = Number(useParams().protocol_id);
  const linkToken = useSearchParams()[0].get('link_token') ?? undefined;
  const navigate = useNavigate();
  const language = useCurrentLanguage();
  const [step, setStep] = useState<Step>('adding');
  const started = useRef(false);
  const valid = Number.isSafeInteger(protocolId) && protocolId > 0;

  useEffect(() => {
    if (!tokens || !valid || started.current) return;
    started.current = true;
    addProtocolToCart(protocolId, linkToken)
      .then(() => {
        toast.success(t('refill.added'));
        void navigate(localizePath('/cart', language), { replace: true });
      })
      .catch(() => setStep('failed'));
  }, [tokens, valid, protocolId, linkToken, navigate, language, t]);

  if (!tokens) {
    return (
      <PageIntro title={t('refill.page-title')}>
        <SignInLink className="button">{t('refill.sign-in')}</SignInLink>
      </PageIntro>
    );
  }
  return (
    <PageIntro title={t('refill.page-title')}>
      {valid && step === 'adding' ? (
        <p className="page-intro__lead" aria-busy="true">
          {t('refill.adding')}
        </p>
      ) : (
        <p className="page-intro__lead" role="alert">
          {t('refill.add-failed')}
        </p>
      )}
    </PageIntro>
  );
}
