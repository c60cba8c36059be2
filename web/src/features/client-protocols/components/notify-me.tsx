import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../../lib/api/http';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { createStockAlert } from '../../../lib/stock/create-stock-alert';
import { toast } from '../../../lib/toast/toast-store';

interface NotifyMeProps {
  variantId: number;
  /** The product's name, for the button's accessible name: a protocol can hold several sold-out lines. */
  name: string;
  /** Reads the protocol again: the size turned out to be in stock (409). */
  onStockChanged: () => void;
}

/**
 * "Tell me when it is back" on a sold-out protocol line, as on the product page (docs/api.md "Stock"); for
 * a signed-in user only, since the alert is theirs. Once asked, the line says we will e-mail them (asking
 * again would answer the same alert, so the button goes).
 */
export function NotifyMe({ variantId, name, onStockChanged }: NotifyMeProps) {
  const { t } = useTranslation('client-protocols');
  const signedIn = useSignedIn();
  const [state, setState] = useState<'idle' | 'busy' | 'asked'>('idle');

  if (!signedIn) return null;
  if (state === 'asked') {
    return (
      <p className="protocol-line__alert" role="status">
        {t('line.notify-me-done')}
      </p>
    );
  }

  const ask = async () => {
    setState('busy');
    try {
      await createStockAlert(variantId);
      setState('asked');
    } catch (error) {
      setState('idle');
      if (error instanceof ApiError && error.status === 409) {
        // In stock again since the protocol was read: show the line as it is now rather than an error.
        onStockChanged();
        return;
      }
      console.error(`Asking to be told when variant ${variantId} is back failed`, error);
      toast.error(t('line.notify-me-failed'));
    }
  };

  return (
    <button
      type="button"
      className="button button--secondary protocol-line__notify"
      disabled={state === 'busy'}
      aria-busy={state === 'busy' || undefined}
      aria-label={t('line.notify-me-label', { name })}
      onClick={() => void ask()}
    >
      {t('line.notify-me')}
    </button>
  );
}
