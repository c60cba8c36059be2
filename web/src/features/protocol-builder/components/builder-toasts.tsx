import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { dismissBuilderToast, getBuilderToasts, subscribeBuilderToasts } from './builder-toast-store';
import './protocol-builder.css';

const subscribe = (onChange: () => void) => subscribeBuilderToasts(() => onChange());

/** The builder's toast list, top-right; errors are announced at once, the rest politely. */
export function BuilderToasts() {
  const toasts = useSyncExternalStore(subscribe, getBuilderToasts, getBuilderToasts);
  // The live region is always there (screen readers only announce changes to one they know); the
  // builder's texts are asked for once there is a toast, not on every visitor's first page.
  return (
    <div className="builder-toasts" aria-live="polite">
      {toasts.length > 0 && <ToastItems toasts={toasts} />}
    </div>
  );
}

function ToastItems({ toasts }: { toasts: ReturnType<typeof getBuilderToasts> }) {
  // Never suspends: the list sits beside the whole app, which must not wait for the builder's texts.
  const { t, ready } = useTranslation('builder', { useSuspense: false });
  return (
    <>
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__message">{item.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label={ready ? t('ui.close-toast') : '\u00d7'}
            onClick={() => dismissBuilderToast(item.id)}
          >
            <span aria-hidden="true">{'\u00d7'}</span>
          </button>
        </div>
      ))}
    </>
  );
}
