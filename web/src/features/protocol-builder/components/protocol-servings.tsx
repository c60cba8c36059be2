import { useTranslation } from 'react-i18next';

import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { decrementServings, incrementServings, MAX_SERVINGS, parseServings, servingsChars } from '../state/servings';

interface ProtocolServingsProps {
  name: string;
  servingsPerDay: number;
  disabled?: boolean;
  onSet: (servingsPerDay: number) => void;
}

/**
 * A protocol line's daily dose in servings, with the rules of state/servings.ts: a decimal point or comma,
 * quarter steps from 0.25 to 50; the minus stops at a quarter (the quantity removes a product, not this).
 */
export function ProtocolServings({ name, servingsPerDay, disabled, onSet }: ProtocolServingsProps) {
  const { t } = useTranslation('builder');
  return (
    <div className="builder-servings">
      <QuantityStepper
        quantity={servingsPerDay}
        max={MAX_SERVINGS}
        disabled={disabled}
        decimal
        sanitize={servingsChars}
        parse={parseServings}
        onDecrement={() => {
          const next = decrementServings(servingsPerDay);
          if (next !== servingsPerDay) onSet(next);
        }}
        onIncrement={() => onSet(incrementServings(servingsPerDay))}
        onSet={onSet}
        labels={{
          decrease: t('product.servings-decrease', { name }),
          quantity: t('product.servings', { name }),
          increase: t('product.servings-increase', { name }),
        }}
      />
      <span className="builder-servings__unit" aria-hidden="true">
        {t('product.servings-unit')}
      </span>
    </div>
  );
}
