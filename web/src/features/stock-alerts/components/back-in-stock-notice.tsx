import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { deleteStockAlert } from '../api/delete-stock-alert';
import { useStockAlerts } from '../api/list-stock-alerts';
import './back-in-stock-notice.css';

/**
 * The in-app side of an answered back-in-stock alert (the e-mail went out too): wherever the user is, a
 * notice names the product and links to it until the user dismisses it, on every device.
 */
export function BackInStockNotice() {
  const { t } = useTranslation();
  const { data, mutate } = useStockAlerts();
  const answered = (data ?? []).filter((alert) => alert.state === 'notified');
  if (answered.length === 0) return null;
  const dismiss = async (alertId: number) => {
    try {
      await mutate(deleteStockAlert(alertId), { revalidate: false });
    } catch (error) {
      console.error(`Dismissing alert ${alertId} failed`, error);
    }
  };
  return (
    <div className="back-in-stock-notices">
      {answered.map((alert) => (
        <div key={alert.id} className="back-in-stock-notice" role="status">
          <p>{t('back-in-stock.notice', { name: alert.product.name })}</p>
          <LocalizedLink className="button" to={`/products/${alert.product.slug}`} onClick={() => void dismiss(alert.id)}>
            {t('back-in-stock.view')}
          </LocalizedLink>
          <button type="button" className="text-button" onClick={() => void dismiss(alert.id)}>
            {t('back-in-stock.dismiss')}
          </button>
        </div>
      ))}
    </div>
  );
}
