import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { SignInIntro } from '../../../components/ui/sign-in-intro';
import { formatDate } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n/use-current-language';
import { useSession } from '../../../lib/session';
import { useOrders } from '../api/list-orders';
import { OrderState } from '../components/order-state';
import '../orders.css';

/** `/{lang}/account/orders`: the buyer's orders, newest first, live on every device (`order.updated`). */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const language = useCurrentLanguage();
  const { tokens } = useSession();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useOrders(page, Boolean(tokens));

  if (!tokens) {
    return <SignInIntro title={t('title')} lead={t('signed-out')} signIn={t('sign-in')} />;
  }
  return (
    <>
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('lead')}</p>
      </PageIntro>
      {isLoading && <p aria-busy="true">{t('loading')}</p>}
      {error !== undefined && !isLoading && (
        <div role="alert" className="orders-problem">
          <p>{t('failed')}</p>
          <button type="button" className="button" onClick={() => void mutate()}>
            {t('retry')}
          </button>
        </div>
      )}
      {data && data.data.length === 0 && (
        <div className="orders-empty">
          <p>{t('empty')}</p>
          <LocalizedLink className="button" to="/products">
            {t('to-shop')}
          </LocalizedLink>
        </div>
      )}
      {data && data.data.length > 0 && (
        <>
          <ul className="orders-list" aria-label={t('list-label')}>
            {data.data.map((order) => (
              <li key={order.number} className="orders-list__item">
                <LocalizedLink className="orders-list__number" to={`/account/orders/${order.number}`}>
                  {t('order-title', { number: order.number })}
                </LocalizedLink>
                <span>{t('placed', { date: formatDate(order.created_at, language) })}</span>
                <span>{t('items', { n: order.item_count })}</span>
                <span className="orders-list__total">{formatMoney(order.total, order.currency)}</span>
                <OrderState state={order.state} />
              </li>
            ))}
          </ul>
          <div className="orders-paging">
            {page > 1 && (
              <button type="button" className="button button--secondary" onClick={() => setPage(page - 1)}>
                {t('newer')}
              </button>
            )}
            {page < data.total_pages && (
              <button type="button" className="button button--secondary" onClick={() => setPage(page + 1)}>
                {t('more')}
              </button>
            )}
          </div>
        </>
      )}
    </>
  );
}
