import { useTranslation } from 'react-i18next';

import { formatDate } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n/use-current-language';
import { useClientOrders } from '../api/list-client-orders';
import { HubCard } from './hub-card';

const STATES = ['awaiting_payment', 'paid', 'fulfilled', 'delivered', 'cancelled', 'refunded', 'partially_refunded'] as const;
const isState = (value: string): value is (typeof STATES)[number] => (STATES as readonly string[]).includes(value);

/**
 * The newest orders of the practitioner's clients (docs/decisions/0017-checkout-orders-and-payments.md): who,
 * when, what and its state, and which lines came from the practitioner's protocols; never an address or a
 * payment.
 */
export function OrdersCard() {
  const { t } = useTranslation('practice');
  const language = useCurrentLanguage();
  const { data, error, isLoading } = useClientOrders(true);
  const date = (iso: string) => formatDate(iso, language);
  return (
    <HubCard
      icon="commissionData"
      id="practice-orders"
      title={t('orders.title')}
      isLoading={isLoading}
      failure={error === undefined ? null : t('orders.failed')}
    >
      {data && (
        <>
          <p className="practice-card__figure">{t('orders.count', { count: data.total_results })}</p>
          {data.data.length === 0 ? (
            <p>{t('orders.empty')}</p>
          ) : (
            <ul className="practice-list" aria-label={t('orders.title')}>
              {data.data.map((order) => (
                <li key={order.number} className="practice-list__item">
                  <span className="practice-list__name">
                    {t('orders.entry', { buyer: order.buyer_name, date: date(order.created_at) })}
                  </span>
                  <span className="practice-list__meta">
                    {formatMoney(order.total, order.currency)}
                    {' · '}
                    {isState(order.state) ? t(`orders.state.${order.state}`) : order.state}
                  </span>
                  <ul className="practice-list__lines">
                    {order.lines.map((line) => (
                      <li key={`${order.number}-${line.sku}`} className="practice-list__meta">
                        {t('orders.line', { n: line.quantity, name: line.name })}
                        {line.source === 'protocol' || line.source === 'link' ? ` · ${t('orders.from-protocol')}` : ''}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </HubCard>
  );
}
