import { useTranslation } from 'react-i18next';

import { QuantityStepper as Stepper } from '../../../components/ui/quantity-stepper';
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

const keepDigits = (text: string) => text.replace(/\D/g, '').slice(0, 3);
const readTyped = (text: string) => (text === '' ? 1 : Math.min(MAX_QUANTITY, Number.parseInt(text, 10)));

/** A cart line's quantity. Spec docs/spec-coverage.md#s5-quantity: digits only, an empty box becomes 1. */
export function QuantityStepper({ name, ...props }: QuantityStepperProps) {
  const { t } = useTranslation('cart');
  return (
    <Stepper
      {...props}
      max={MAX_QUANTITY}
      sanitize={keepDigits}
      parse={readTyped}
      labels={{
        decrease: t('line.decrease', { name }),
        quantity: t('line.quantity', { name }),
        increase: t('line.increase', { name }),
      }}
    />
  );
}
