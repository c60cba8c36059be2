import { useTranslation } from 'react-i18next';

import { QuantityStepper } from '../../../components/ui/quantity-stepper';

/** A refill line's quantity, 1 to 99 as the server takes it. */
export const MAX_QUANTITY = 99;

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 3);
const parseQuantity = (text: string) => Math.min(MAX_QUANTITY, Math.max(1, Number.parseInt(text, 10) || 1));

/** − / typed / + for one line: an empty box is 1, a bigger number is held at 99, never below 1. */
export function LineQuantity({
  name,
  quantity,
  disabled,
  onSet,
}: {
  name: string;
  quantity: number;
  disabled?: boolean;
  onSet: (quantity: number) => void;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <QuantityStepper
      // Remounted when the quantity changes elsewhere, so the box shows it.
      key={quantity}
      quantity={quantity}
      max={MAX_QUANTITY}
      disabled={disabled}
      sanitize={digitsOnly}
      parse={parseQuantity}
      onDecrement={() => onSet(Math.max(1, quantity - 1))}
      onIncrement={() => onSet(Math.min(MAX_QUANTITY, quantity + 1))}
      onSet={onSet}
      labels={{
        decrease: t('lines.decrease', { name }),
        quantity: t('lines.quantity', { name }),
        increase: t('lines.increase', { name }),
      }}
    />
  );
}
