import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { decrementQuantity, digitsOnly, incrementQuantity, MAX_QUANTITY, parseQuantity } from '../state/quantity';

interface ProtocolQuantityProps {
  name: string;
  quantity: number;
  disabled?: boolean;
  onSet: (quantity: number) => void;
  /** Decrementing below 1 removes the product (spec section 5). */
  onRemove: () => void;
}

/**
 * − / typed count / +, with spec section 5's rules from quantity.ts: only digits stay in the box, an
 * empty box becomes 1, a huge number is held at the server's cap. Typing is sent on blur or Enter.
 * The parent remounts it (key) when the quantity changes elsewhere.
 */
export function ProtocolQuantity({ name, quantity, disabled, onSet, onRemove }: ProtocolQuantityProps) {
  const { t } = useTranslation('builder');
  const [draft, setDraft] = useState(String(quantity));

  function commit() {
    const typed = parseQuantity(draft);
    setDraft(String(typed));
    if (typed !== quantity) onSet(typed);
  }

  function decrement() {
    const step = decrementQuantity(quantity);
    if (step.kind === 'remove') onRemove();
    else onSet(step.quantity);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') commit();
  }

  return (
    <div className="builder-quantity">
      <button
        type="button"
        className="builder-quantity__button"
        aria-label={t('product.decrease', { name })}
        disabled={disabled}
        onClick={decrement}
      >
        <span aria-hidden="true">{'−'}</span>
      </button>
      <input
        className="builder-quantity__input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={t('product.quantity', { name })}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(digitsOnly(event.target.value))}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="builder-quantity__button"
        aria-label={t('product.increase', { name })}
        disabled={disabled || quantity >= MAX_QUANTITY}
        onClick={() => onSet(incrementQuantity(quantity))}
      >
        <span aria-hidden="true">{'+'}</span>
      </button>
    </div>
  );
}
