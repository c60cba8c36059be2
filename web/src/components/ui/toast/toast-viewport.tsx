import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { dismissToast, subscribeToasts, type Toast } from '../../../lib/toast/toast-store';

let snapshot: readonly Toast[] = [];
const subscribe = (onChange: () => void) =>
  subscribeToasts((toasts) => {
    snapshot = toasts;
    onChange();
  });

/** The top-right stack; errors are announced assertively, the rest politely. */
export function ToastViewport() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
  return (
    <div className="toast-viewport" aria-live="polite">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.kind}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
        >
          <span className="toast__message">{item.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label={t('toast.close')}
            onClick={() => dismissToast(item.id)}
          >
            <span aria-hidden="true">{'\u00d7'}</span>
          </button>
        </div>
      ))}
    </div>
  );
}
