import { useTranslation } from 'react-i18next';

import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import type { Slot } from '../../../lib/schedule/slots';
import type { ScheduleSlots } from '../api/types';
import {
  decrementSlot,
  incrementSlot,
  parseSlot,
  slotLimit,
  slotServings,
} from '../state/schedule';
import { servingsChars } from '../state/servings';

interface ScheduleCellProps {
  /** The product's name, for the cell's accessible names. */
  name: string;
  slot: Slot;
  /** The slots of the day the cell is in (the base day or a titration step). */
  slots: ScheduleSlots;
  /** How the slot is named in the accessible names ("Breakfast", "Breakfast in step 2"). */
  slotName: string;
  disabled?: boolean;
  onSet: (servings: number) => void;
}

/**
 * One cell of the day grid: the servings a line takes in a time slot, empty when none, typed or stepped
 * with the rules of state/schedule.ts (a quarter at a time, + on an empty cell gives one serving, − below a
 * quarter empties it). The line's last slot with servings cannot be emptied, so its − stops at a quarter.
 */
export function ScheduleCell({ name, slot, slots, slotName, disabled, onSet }: ScheduleCellProps) {
  const { t } = useTranslation('builder');
  const value = slotServings(slots, slot);
  const names = { name, slot: slotName };
  const change = (servings: number) => {
    if (servings !== value) onSet(servings);
  };
  return (
    <div className={value === 0 ? 'builder-cell builder-cell--empty' : 'builder-cell'}>
      {/* The column's heading for sighted users; the controls' own names say the slot. */}
      <span className="builder-cell__slot" aria-hidden="true">
        {t(`schedule.slots.${slot}`)}
      </span>
      <QuantityStepper
        // A value changed elsewhere (the other cells' rules, another device) resets what was typed.
        key={value}
        layout="stacked"
        className="builder-cell__stepper"
        quantity={value}
        max={slotLimit(slots, slot)}
        disabled={disabled}
        // Nothing to take from an empty cell, nor from the last quarter of the line's only slot.
        decreaseDisabled={decrementSlot(slots, slot) === value}
        decimal
        sanitize={servingsChars}
        parse={(text) => parseSlot(text, slots, slot)}
        format={(servings) => (servings === 0 ? '' : String(servings))}
        onDecrement={() => change(decrementSlot(slots, slot))}
        onIncrement={() => change(incrementSlot(slots, slot))}
        onSet={change}
        labels={{
          decrease: t('schedule.cell-decrease', names),
          quantity: t('schedule.cell', names),
          increase: t('schedule.cell-increase', names),
        }}
      />
    </div>
  );
}
