import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { StockBadge } from '../../../components/ui/stock-badge';
import { formatDate } from '../../../lib/format/date';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { StockAlert } from '../api/list-stock-alerts';

export type AlertStatus = 'waiting' | 'notified' | 'expired';

/**
 * `waiting`, `notified`, or `expired`: the server lists a waiting alert only until it lapses (90 days), so
 * only one whose time ran out while the page was open shows as expired, until the next read drops it.
 */
export function statusOf(alert: StockAlert, now: number): AlertStatus {
  if (alert.state === 'notified') return 'notified';
  return Date.parse(alert.expires_at) <= now ? 'expired' : 'waiting';
}

interface StockAlertRowProps {
  alert: StockAlert;
  status: AlertStatus;
  busy: boolean;
  onRemove: (alert: StockAlert) => void;
}

/**
 * One alert: the product (name linking to its page, the size and SKU), when it was asked, its state with
 * its date, and the size's stock now. A waiting alert can be cancelled; an answered or lapsed one removed.
 */
export function StockAlertRow({ alert, status, busy, onRemove }: StockAlertRowProps) {
  const { t } = useTranslation('stock-alerts');
  const language = useCurrentLanguage();
  // Waiting: until when it runs; answered: when we e-mailed; lapsed: when it ended.
  const when = status === 'notified' ? (alert.notified_at ?? alert.created_at) : alert.expires_at;
  const action = status === 'waiting' ? 'cancel' : 'remove';
  return (
    <li className="stock-alert" data-alert-id={alert.id}>
      <div className="stock-alert__product">
        <LocalizedLink className="stock-alert__name" to={`/products/${alert.product.slug}`}>
          {alert.product.name}
        </LocalizedLink>
        <p>{alert.unit_of_measure ? t('variant', { unit: alert.unit_of_measure, sku: alert.sku }) : t('sku', { sku: alert.sku })}</p>
        <p className="stock-alert__asked">{t('asked', { date: formatDate(alert.created_at, language) })}</p>
      </div>
      <div className="stock-alert__status">
        <p>
          <span className={`stock-alert__state stock-alert__state--${status}`}>{t(`state.${status}`)}</span>{' '}
          {/* Answered: say "In stock" too, since it may have sold out again since. */}
          <StockBadge stock={alert.stock} showInStock={status === 'notified'} />
        </p>
        <p>{t(`detail.${status}`, { date: formatDate(when, language) })}</p>
      </div>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={t(`${action}-label`, { name: alert.product.name })}
        onClick={() => onRemove(alert)}
      >
        {t(action)}
      </button>
    </li>
  );
}
