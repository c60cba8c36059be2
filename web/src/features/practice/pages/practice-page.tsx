import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { SignInLink } from '../../../components/ui/sign-in-link';
import { BUILDER_TYPES, useSession } from '../../../lib/session';
import { ClientsCard } from '../components/clients-card';
import { EarningsCard } from '../components/earnings-card';
import { OrdersCard } from '../components/orders-card';
import { ProtocolsCard } from '../components/protocols-card';
import { StoreCard } from '../components/store-card';
import '../practice.css';

/**
 * `/{lang}/account/practitioner`: the practice-management area of spec section 2 (its path is ours,
 * docs/decisions.md "Spec coverage"), the practitioner's hub: clients, protocols and the store page, each
 * live (a write on another device shows here), the newest orders of the clients, and the way to the
 * earnings dashboard.
 */
export function PracticePage() {
  const { t } = useTranslation('practice');
  const { tokens, user } = useSession();

  if (!tokens || !user) {
    return (
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('signed-out')}</p>
        <SignInLink className="button">{t('sign-in')}</SignInLink>
      </PageIntro>
    );
  }
  if (!BUILDER_TYPES.includes(user.userTypeId)) {
    return (
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('not-practitioner')}</p>
        <LocalizedLink className="button" to="/account">
          {t('to-account')}
        </LocalizedLink>
      </PageIntro>
    );
  }
  return (
    <>
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('lead')}</p>
      </PageIntro>
      <div className="practice-hub">
        <ClientsCard />
        <OrdersCard />
        <EarningsCard />
        <ProtocolsCard />
        <StoreCard />
      </div>
    </>
  );
}
