import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { formatMoney } from '../../../lib/format/money';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import type { StoreProtocol } from '../api/types';
import { orderableVariantIds, useAddProtocol } from '../api/use-add-protocol';
import { SignInLink } from '../../../components/ui/sign-in-link';
import { StoreSection, StoreText } from './store-section';

function ProtocolCard({
  protocol,
  actions,
  signedIn,
}: {
  protocol: StoreProtocol;
  actions: ReturnType<typeof useAddProtocol>;
  signedIn: boolean;
}) {
  const { t } = useTranslation('store-page');
  const titleId = useId();
  return (
    <li className="store-card store-protocol" aria-labelledby={titleId} data-protocol-id={protocol.protocol_id}>
      <h3 id={titleId} className="store-card__title">
        {protocol.name}
      </h3>
      <StoreText text={protocol.description} />
      <p className="store-protocol__facts">
        <span>{t('protocols.products', { count: protocol.product_count })}</span>
        <span>{t('protocols.total', { price: formatMoney(protocol.total_price, protocol.currency) })}</span>
      </p>
      <div className="store-protocol__actions">
        <LocalizedLink
          className="button button--secondary"
          to={`/protocols/${encodeURIComponent(protocol.link_token)}`}
          aria-label={t('protocols.view-label', { name: protocol.name })}
        >
          {t('protocols.view')}
        </LocalizedLink>
        {signedIn && (
          <button
            type="button"
            className="button"
            aria-label={t('protocols.add-all-label', { name: protocol.name })}
            disabled={actions.isBusy(protocol.protocol_id) || orderableVariantIds(protocol).length === 0}
            onClick={() => void actions.add(protocol)}
          >
            {t('protocols.add-all')}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The practitioner's shareable protocols: each card links to its link page, and a signed-in visitor
 * can put a whole protocol in the cart from here (which counts for this store). A signed-out visitor
 * is asked to sign in and comes back to this page.
 */
export function ProtocolsSection({
  shopName,
  practitionerName,
  protocols,
}: {
  shopName: string;
  practitionerName: string;
  protocols: StoreProtocol[];
}) {
  const { t } = useTranslation('store-page');
  const signedIn = useSignedIn();
  const actions = useAddProtocol(shopName);
  return (
    <StoreSection name="protocols" title={t('protocols.title')}>
      <p className="store-text store-section__lead">{t('protocols.lead', { name: practitionerName })}</p>
      {!signedIn && (
        <p className="store-protocols__sign-in">
          <SignInLink>{t('protocols.sign-in')}</SignInLink>
        </p>
      )}
      <ul className="store-cards">
        {protocols.map((protocol) => (
          <ProtocolCard key={protocol.protocol_id} protocol={protocol} actions={actions} signedIn={signedIn} />
        ))}
      </ul>
    </StoreSection>
  );
}
