import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { ApiError } from '../../../lib/api/http';
import { useSession } from '../../../lib/session';
import { useLinkedProtocol } from '../api/get-linked-protocol';
import type { LinkedProtocol } from '../api/types';
import { useProtocolActions } from '../api/use-protocol-actions';
import { practitionerName } from '../components/practitioner-name';
import { ProtocolDailyTotals } from '../components/protocol-daily-totals';
import { ProtocolLines } from '../components/protocol-lines';
import { ProtocolTotal } from '../components/protocol-total';
import { SignInLink } from '../../../components/ui/sign-in-link';
import '../../../components/ui/line-list.css';
import './client-protocols.css';

function NotFound() {
  const { t } = useTranslation(['client-protocols', 'nutrition']);
  return (
    <PageIntro title={t('link.not-found-title')}>
      <p className="page-intro__lead">{t('link.not-found-text')}</p>
      <LocalizedLink className="button" to="/products">
        {t('link.browse')}
      </LocalizedLink>
    </PageIntro>
  );
}

function AddAll({ protocol, linkToken }: { protocol: LinkedProtocol; linkToken: string }) {
  const { t } = useTranslation(['client-protocols', 'nutrition']);
  const { tokens } = useSession();
  const actions = useProtocolActions();

  if (!tokens) {
    return (
      <div className="protocol-actions">
        <SignInLink className="button">{t('link.sign-in')}</SignInLink>
      </div>
    );
  }
  return (
    <div className="protocol-actions">
      <button
        type="button"
        className="button"
        disabled={actions.isBusy(protocol.protocol_id) || !protocol.products.some((product) => product.is_available)}
        onClick={() => void actions.addToCart(protocol, linkToken)}
      >
        {t('link.add-all')}
      </button>
    </div>
  );
}

/**
 * `/{lang}/protocols/{link_token}`: a protocol shared by its link, for anyone who has the link (signed
 * out too): what it holds and its total, and "add all to cart" once signed in. A stranger never sees a
 * client's notes or discount; the server leaves them out of this reply.
 */
export function ProtocolLinkPage() {
  const { t } = useTranslation(['client-protocols', 'nutrition']);
  const linkToken = useParams().link_token ?? '';
  const { data, error, mutate } = useLinkedProtocol(linkToken || null);

  // A 404 wins over an older copy: the link was revoked or the protocol deleted while it was open.
  if (!linkToken || (error instanceof ApiError && error.status === 404)) return <NotFound />;

  if (!data) {
    return (
      <PageIntro title={t('link.title')}>
        {error ? (
          <div className="protocols-message" role="alert">
            <p>{t('link.error')}</p>
            <button type="button" className="button" onClick={() => void mutate()}>
              {t('link.retry')}
            </button>
          </div>
        ) : (
          <p className="protocols-message" aria-busy="true">
            {t('link.loading')}
          </p>
        )}
      </PageIntro>
    );
  }

  return (
    <>
      <PageIntro title={data.name}>
        <p className="protocol-card__from">{t('link.by', { name: practitionerName(data.practitioner) })}</p>
        {data.description && <p className="page-intro__lead">{data.description}</p>}
      </PageIntro>
      <div className="protocol-link">
        <ProtocolLines protocol={data} linkToken={linkToken} onStockChanged={() => void mutate()} />
        <ProtocolDailyTotals protocol={data} headingLevel={2} />
        <div className="protocol-card__foot">
          <ProtocolTotal protocol={data} />
          <AddAll protocol={data} linkToken={linkToken} />
        </div>
      </div>
    </>
  );
}
