import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { SignInIntro } from '../../../components/ui/sign-in-intro';
import { ApiError } from '../../../lib/api/http';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { toast } from '../../../lib/toast/toast-store';
import { deleteStockAlert } from '../api/delete-stock-alert';
import { useStockAlerts, type StockAlert } from '../api/list-stock-alerts';
import { StockAlertRow, statusOf } from '../components/stock-alert-row';
import './stock-alerts-page.css';

/** How often the page looks at the clock again, so an alert that lapses while it is open shows as expired. */
const CLOCK_MS = 60_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function StockAlertsList() {
  const { t } = useTranslation('stock-alerts');
  const { data, error, mutate } = useStockAlerts({ followStock: true });
  const now = useNow();
  // Alerts with a DELETE on its way: their buttons are disabled and a second click is ignored.
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  const remove = async (alert: StockAlert) => {
    if (busy.has(alert.id)) return;
    setBusy((current) => new Set(current).add(alert.id));
    try {
      // The reply is the list left: it is the new list here and in the shell's notice (one SWR key).
      await mutate(deleteStockAlert(alert.id), { revalidate: false });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) {
        // Already gone (removed on another device): read the list again rather than report a failure.
        void mutate();
      } else {
        console.error(`Removing alert ${alert.id} failed`, failure);
        toast.error(t('cancel-failed'));
      }
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(alert.id);
        return next;
      });
    }
  };

  if (!data) {
    return error ? (
      <div className="stock-alerts-message" role="alert">
        <p>{t('failed')}</p>
        <button type="button" className="button" onClick={() => void mutate()}>
          {t('retry')}
        </button>
      </div>
    ) : (
      <p className="stock-alerts-message" aria-busy="true">
        {t('loading')}
      </p>
    );
  }

  if (data.length === 0) {
    return (
      <div className="stock-alerts-message">
        <p>{t('empty')}</p>
        <LocalizedLink className="button" to="/products">
          {t('browse')}
        </LocalizedLink>
      </div>
    );
  }

  const rows = data.map((alert) => ({ alert, status: statusOf(alert, now) }));
  const waiting = rows.filter((row) => row.status === 'waiting').length;
  return (
    <>
      {waiting > 0 && <p className="stock-alerts-count">{t('waiting-count', { count: waiting })}</p>}
      <ul className="stock-alerts" aria-label={t('list-label')}>
        {rows.map(({ alert, status }) => (
          <StockAlertRow
            key={alert.id}
            alert={alert}
            status={status}
            busy={busy.has(alert.id)}
            onRemove={(target) => void remove(target)}
          />
        ))}
      </ul>
    </>
  );
}

/**
 * `/{lang}/account/stock-alerts`: the signed-in user's back-in-stock alerts, each with its product, when it
 * was asked and where it stands; a waiting one can be cancelled. Live on every device: a new, answered or
 * cancelled alert (`stock_alerts.updated`) and a listed size's stock (`stock.updated`) refetch the list.
 */
export function StockAlertsPage() {
  const { t } = useTranslation('stock-alerts');
  const signedIn = useSignedIn();

  if (!signedIn) {
    return <SignInIntro title={t('title')} lead={t('signed-out')} signIn={t('sign-in')} />;
  }
  return (
    <>
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('lead')}</p>
      </PageIntro>
      <StockAlertsList />
    </>
  );
}
