import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Subscription } from '../../../lib/subscriptions/list-subscriptions';
import type { RefillState } from '../api/refills';
import type { SharedProtocol } from '../api/types';
import type { useProtocolActions } from '../api/use-protocol-actions';
import { AutomaticRefillLink } from './automatic-refill-link';
import { ConfirmRemove } from './confirm-remove';
import { practitionerName } from './practitioner-name';
import { ProtocolDailyTotals } from './protocol-daily-totals';
import { ProtocolLines } from './protocol-lines';
import { ProtocolTotal } from './protocol-total';
import { RefillSettings } from './refill-settings';

interface SharedProtocolCardProps {
  protocol: SharedProtocol;
  actions: ReturnType<typeof useProtocolActions>;
  /** Its refill reminders, once loaded. */
  refill?: RefillState;
  /** Its live automatic refill (null: none; undefined: the refills are not read yet). */
  subscription?: Subscription | null;
  /** Reads the list again: a sold-out line turned out to be in stock. */
  onStockChanged: () => void;
}

/** One protocol shared with the client: who shared it, the share's discount and notes, products, total, actions. */
export function SharedProtocolCard({ protocol, actions, refill, subscription, onStockChanged }: SharedProtocolCardProps) {
  const { t } = useTranslation('client-protocols');
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const busy = actions.isBusy(protocol.protocol_id);
  const hasProducts = protocol.products.some((product) => product.is_available);

  function cancel() {
    setConfirming(false);
    // Back where the reader was, not at the top of the page.
    requestAnimationFrame(() => removeButton.current?.focus());
  }

  return (
    <li className="protocol-card" aria-labelledby={titleId} data-protocol-id={protocol.protocol_id}>
      <header className="protocol-card__head">
        <h2 id={titleId} className="protocol-card__title">
          {protocol.name}
        </h2>
        <p className="protocol-card__from">{t('protocol.from', { name: practitionerName(protocol.practitioner) })}</p>
      </header>
      {protocol.description && <p className="protocol-card__description">{protocol.description}</p>}
      {protocol.notes && (
        <section className="protocol-card__notes" aria-label={t('protocol.notes-title')}>
          <h3>{t('protocol.notes-title')}</h3>
          <p>{protocol.notes}</p>
        </section>
      )}
      <ProtocolLines protocol={protocol} onStockChanged={onStockChanged} />
      <ProtocolDailyTotals protocol={protocol} headingLevel={3} />
      {refill && <RefillSettings refill={refill} />}
      {(subscription || hasProducts) && (
        <AutomaticRefillLink protocolId={protocol.protocol_id} name={protocol.name} subscription={subscription} />
      )}
      <div className="protocol-card__foot">
        <ProtocolTotal protocol={protocol} discount={protocol.discount} />
        {confirming ? (
          <ConfirmRemove
            name={protocol.name}
            busy={busy}
            onConfirm={() => void actions.remove(protocol)}
            onCancel={cancel}
          />
        ) : (
          <div className="protocol-actions">
            <button
              type="button"
              className="button"
              aria-label={t('protocol.add-to-cart-label', { name: protocol.name })}
              disabled={busy || !hasProducts}
              onClick={() => void actions.addToCart(protocol)}
            >
              {t('protocol.add-to-cart')}
            </button>
            <button
              ref={removeButton}
              type="button"
              className="text-button"
              aria-label={t('protocol.remove-label', { name: protocol.name })}
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              {t('protocol.remove')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
