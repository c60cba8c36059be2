import { useState, type KeyboardEvent } from 'react';

import './quantity-stepper.css';

export interface QuantityStepperLabels {
  decrease: string;
  quantity: string;
  increase: string;
}

interface QuantityStepperProps {
  quantity: number;
  max: number;
  labels: QuantityStepperLabels;
  disabled?: boolean;
  /** A decimal amount (a daily dose) rather than a count: the phone's keypad offers a decimal point. */
  decimal?: boolean;
  /** What the box keeps of a keystroke (spec: docs/spec-coverage.md#s5-quantity: digits only). */
  sanitize: (text: string) => string;
  /** The quantity a typed text stands for (spec: docs/spec-coverage.md#s5-quantity: empty becomes 1). */
  parse: (text: string) => number;
  /** How the box shows a quantity (a protocol's empty time slot shows nothing rather than 0). */
  format?: (quantity: number) => string;
  /** The minus is off although the box is not (a protocol line's last time slot cannot be emptied). */
  decreaseDisabled?: boolean;
  /**
   * `stacked`: the box above the − and + (a narrow cell of the protocol builder's day grid); the box comes
   * first in the page's order too, so focus follows what is seen.
   */
  layout?: 'inline' | 'stacked';
  className?: string;
  onDecrement: () => void;
  onIncrement: () => void;
  onSet: (quantity: number) => void;
}

/**
 * − / typed quantity / +, shared by the cart and the protocol builder, which differ only in their texts
 * and rules. Typed values are sent on blur or Enter, not on every keystroke. The parent remounts it (key)
 * when the quantity changes elsewhere.
 */
export function QuantityStepper({
  quantity,
  max,
  labels,
  disabled,
  decimal = false,
  sanitize,
  parse,
  format = String,
  decreaseDisabled = false,
  layout = 'inline',
  className,
  onDecrement,
  onIncrement,
  onSet,
}: QuantityStepperProps) {
  const [draft, setDraft] = useState(format(quantity));

  function commit() {
    const typed = parse(draft);
    setDraft(format(typed));
    if (typed !== quantity) onSet(typed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') commit();
  }

  const decrease = (
    <button
      type="button"
      className="quantity-stepper__button"
      aria-label={labels.decrease}
      disabled={disabled || decreaseDisabled}
      onClick={onDecrement}
    >
      <span aria-hidden="true">{'−'}</span>
    </button>
  );
  const increase = (
    <button
      type="button"
      className="quantity-stepper__button"
      aria-label={labels.increase}
      disabled={disabled || quantity >= max}
      onClick={onIncrement}
    >
      <span aria-hidden="true">{'+'}</span>
    </button>
  );
  const box = (
    <input
      className="quantity-stepper__input"
      type="text"
      inputMode={decimal ? 'decimal' : 'numeric'}
      pattern={decimal ? undefined : '[0-9]*'}
      aria-label={labels.quantity}
      value={draft}
      disabled={disabled}
      onChange={(event) => setDraft(sanitize(event.target.value))}
      onBlur={commit}
      onKeyDown={onKeyDown}
    />
  );
  const classes = ['quantity-stepper', layout === 'stacked' && 'quantity-stepper--stacked', className].filter(Boolean).join(' ');

  return layout === 'stacked' ? (
    <div className={classes}>
      {box}
      <div className="quantity-stepper__buttons">
        {decrease}
        {increase}
      </div>
    </div>
  ) : (
    <div className={classes}>
      {decrease}
      {box}
      {increase}
    </div>
  );
}
