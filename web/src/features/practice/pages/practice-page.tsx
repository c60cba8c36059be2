import { useTranslation } from 'react-i18next';

import { PageIntro } from '../../../components/ui/page-intro';
import { PractitionerOnly } from '../../../components/ui/practitioner-only';
import { AdherenceCard } from '../components/adherence-card';
import { ClientsCard } from '../components/clients-card';
import { EarningsCard } from '../components/earnings-card';
import { OrdersCard } from '../components/orders-card';
import { ProtocolsCard } from '../components/protocols-card';
import { RefillsCard } from '../components/refills-card';
import { StoreCard } from '../components/store-card';
import '../practice.css';

/**
 * `/{lang}/account/practitioner`: the practice-management area of spec
 * docs/spec-coverage.md#s2-practice-management-area (its path is ours, docs/decisions/0016-spec-coverage.md),
 * the practitioner's hub: clients, protocols and the store page, each live (a write on another device shows
 * here), the newest orders of the clients, the way to the earnings dashboard, and the clients' automatic
 * refills (those past due or waiting for a substitute first), and how the clients keep to their protocols.
 */
export function PracticePage() {
  const { t } = useTranslation('practice');
  return (
    <PractitionerOnly
      texts={{
        title: t('title'),
        signedOut: t('signed-out'),
        signIn: t('sign-in'),
        notPractitioner: t('not-practitioner'),
        toAccount: t('to-account'),
      }}
    >
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('lead')}</p>
      </PageIntro>
      <div className="practice-hub">
        <ClientsCard />
        <OrdersCard />
        <EarningsCard />
        <ProtocolsCard />
        <StoreCard />
        <RefillsCard />
        <AdherenceCard />
      </div>
    </PractitionerOnly>
  );
}
