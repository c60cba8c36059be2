import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { RoleGate, USER_TYPES, useSession } from '../../../lib/session';
import { liveSubscriptionOf, useSubscriptions } from '../../../lib/subscriptions/list-subscriptions';
import { useClientProtocols } from '../api/list-client-protocols';
import { useProtocolActions } from '../api/use-protocol-actions';
import { useRefills } from '../api/refills';
import { SharedProtocolCard } from '../components/shared-protocol-card';
import { SignInIntro } from '../../../components/ui/sign-in-intro';
import '../../../components/ui/line-list.css';
import './client-protocols.css';

const CLIENTS: readonly number[] = [USER_TYPES.CLIENT];

/**
 * The list itself, mounted for clients only: the call is refused to any other role (spec:
 * docs/spec-coverage.md#s6-client-protocol-list-fetched).
 */
function ClientProtocolsList() {
  const { t } = useTranslation(['client-protocols', 'nutrition']);
  const { data, error, mutate } = useClientProtocols();
  const { data: refills } = useRefills();
  const subscriptions = useSubscriptions();
  const actions = useProtocolActions();

  if (!data) {
    return (
      <PageIntro title={t('list.title')}>
        {error ? (
          <div className="protocols-message" role="alert">
            <p>{t('list.error')}</p>
            <button type="button" className="button" onClick={() => void mutate()}>
              {t('list.retry')}
            </button>
          </div>
        ) : (
          <p className="protocols-message" aria-busy="true">
            {t('list.loading')}
          </p>
        )}
      </PageIntro>
    );
  }

  if (data.length === 0) {
    return (
      <PageIntro title={t('list.title')}>
        <div className="protocols-message">
          <h2>{t('list.empty-title')}</h2>
          <p>{t('list.empty-text')}</p>
          <LocalizedLink className="button" to="/products">
            {t('list.browse')}
          </LocalizedLink>
        </div>
      </PageIntro>
    );
  }

  return (
    <>
      <PageIntro title={t('list.title')}>
        <p className="page-intro__lead">{t('list.lead')}</p>
      </PageIntro>
      <ul className="protocol-cards" aria-label={t('list.label')}>
        {data.map((protocol) => (
          <SharedProtocolCard
            key={protocol.protocol_id}
            protocol={protocol}
            actions={actions}
            refill={refills?.find((refill) => refill.protocol_id === protocol.protocol_id)}
            subscription={
              subscriptions.data
                ? (liveSubscriptionOf(subscriptions.data, protocol.protocol_id) ?? null)
                : subscriptions.error
                  ? null
                  : undefined
            }
            onStockChanged={() => void mutate()}
          />
        ))}
      </ul>
    </>
  );
}

/**
 * `/{lang}/account/client/protocols`: the protocols practitioners shared with the signed-in client. The
 * list's key is revalidated by the socket's protocol topics, so a new share shows without reloading.
 */
export function ClientProtocolsPage() {
  const { t } = useTranslation(['client-protocols', 'nutrition']);
  const { tokens } = useSession();

  if (!tokens) {
    return <SignInIntro title={t('list.title')} lead={t('list.signed-out')} signIn={t('list.sign-in')} />;
  }

  return (
    <RoleGate
      allowed={CLIENTS}
      fallback={
        <PageIntro title={t('list.title')}>
          <p className="page-intro__lead">{t('list.clients-only')}</p>
          <LocalizedLink className="button" to="/products">
            {t('list.browse')}
          </LocalizedLink>
        </PageIntro>
      }
    >
      <ClientProtocolsList />
    </RoleGate>
  );
}
