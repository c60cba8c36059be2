import { useTranslation } from 'react-i18next';

import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { decrementQuantity, digitsOnly, incrementQuantity, MAX_QUANTITY, parseQuantity } from '../state/quantity';

interface ProtocolQuantityProps {
  name: string;
  quantity: number;
  disabled?: boolean;
  onSet: (quantity: number) => void;
  /** Decrementing below 1 removes the product (spec: docs/spec-coverage.md#s5-quantity). */
  onRemove: () => void;
}

/**
 * A protocol line's count with spec docs/spec-coverage.md#s5-quantity's rules from quantity.ts: only digits
 * stay in the box, an empty box becomes 1, a huge number is held at the server's cap, decrementing below 1
 * removes.
 */
export function ProtocolQuantity({ name, quantity, disabled, onSet, onRemove }: ProtocolQuantityProps) {
  const { t } = useTranslation('builder');

  function decrement() {
    const step = decrementQuantity(quantity);
    if (step.kind === 'remove') onRemove();
    else onSet(step.quantity);
  }

  return (
    <QuantityStepper
      quantity={quantity}
      max={MAX_QUANTITY}
      disabled={disabled}
      sanitize={digitsOnly}
      parse={parseQuantity}
      onDecrement={decrement}
      onIncrement={() => onSet(incrementQuantity(quantity))}
      onSet={onSet}
      labels={{
        decrease: t('product.decrease', { name }),
        quantity: t('product.quantity', { name }),
        increase: t('product.increase', { name }),
      }}
    />
  );
}
