import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { formatMoney } from '../../../lib/format/money';
import { useRecentProtocols } from '../api/list-protocols';
import { HubCard } from './hub-card';

/** How many protocols there are and the newest few, each opening its page; the builder does the rest. */
export function ProtocolsCard() {
  const { t } = useTranslation('practice');
  const { data, error, isLoading } = useRecentProtocols(true);
  return (
    <HubCard
      icon="protocol"
      id="practice-protocols"
      title={t('protocols.title')}
      isLoading={isLoading}
      failure={error === undefined ? null : t('protocols.failed')}
    >
      {data && (
        <>
          <p className="practice-card__figure">{t('protocols.count', { count: data.total_results })}</p>
          {data.data.length === 0 ? (
            <p>{t('protocols.empty')}</p>
          ) : (
            <ul className="practice-list" aria-label={t('protocols.recent')}>
              {data.data.map((protocol) => (
                <li key={protocol.protocol_id} className="practice-list__item">
                  <LocalizedLink
                    className="practice-list__name"
                    to={`/account/practitioner/protocols/${String(protocol.protocol_id)}`}
                  >
                    {protocol.name}
                  </LocalizedLink>
                  <span className="practice-list__meta">
                    {t('protocols.products', { count: protocol.product_count })}
                    {' · '}
                    {formatMoney(protocol.total_price, protocol.currency)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="practice-card__hint">{t('protocols.builder-hint')}</p>
        </>
      )}
    </HubCard>
  );
}
