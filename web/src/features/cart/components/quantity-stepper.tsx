import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { MAX_QUANTITY } from '../api/update-cart-item';

interface QuantityStepperProps {
  name: string;
  quantity: number;
  disabled?: boolean;
  onDecrement: () => void;
  onIncrement: () => void;
  /** A typed quantity; 0 removes the line. */
  onSet: (quantity: number) => void;
}

/**
 * − / typed quantity / +. Spec section 5: digits only, an empty box becomes 1. Typed values are sent on
 * blur or Enter, not on every keystroke. The parent remounts it (key) when the server's quantity changes.
 */
export function QuantityStepper({ name, quantity, disabled, onDecrement, onIncrement, onSet }: QuantityStepperProps) {
  const { t } = useTranslation('cart');
  const [draft, setDraft] = useState(String(quantity));

  function commit() {
    const typed = draft === '' ? 1 : Math.min(MAX_QUANTITY, Number.parseInt(draft, 10));
    setDraft(String(typed));
    if (typed !== quantity) onSet(typed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') commit();
  }

  return (
    <div className="quantity-stepper">
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={t('line.decrease', { name })}
        disabled={disabled}
        onClick={onDecrement}
      >
        <span aria-hidden="true">{'−'}</span>
      </button>
      <input
        className="quantity-stepper__input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={t('line.quantity', { name })}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 3))}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={t('line.increase', { name })}
        disabled={disabled || quantity >= MAX_QUANTITY}
        onClick={onIncrement}
      >
        <span aria-hidden="true">{'+'}</span>
      </button>
    </div>
  );
}
