import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatAmount } from '../../../lib/format/number';
import { useCurrentLanguage } from '../../../lib/i18n';
import { SLOTS, WITH_FOOD } from '../../../lib/schedule/slots';
import type { LineSchedule, ProtocolProduct } from '../api/types';
import { scheduleDailyDose, slotsTotal, type SchedulePatch } from '../state/schedule';
import { MoreTiming } from './more-timing';
import { ScheduleCell } from './schedule-cell';

interface DayScheduleProps {
  product: ProtocolProduct;
  disabled?: boolean;
  /** One change at a time: a slot, with food, or what "More timing" changed. */
  onChange: (patch: SchedulePatch) => void;
}

/** What "More timing" holds; the form starts afresh when any of it changes (here or on another device). */
function timingKey(schedule: LineSchedule): string {
  return JSON.stringify([schedule.cycle, schedule.start_date, schedule.weeks, schedule.steps]);
}

/**
 * A line's row of the day grid (docs/decisions/0043-the-day-schedule.md): one cell per time slot, the
 * line's daily total (the highest of its steps too, which the daily totals count), with or without food,
 * and "More timing" for the cycle, start, length and titration steps. On a phone the five cells sit in one
 * compact row under the product's name (protocol-builder.css), so nothing scrolls sideways.
 */
export function DaySchedule({ product, disabled, onChange }: DayScheduleProps) {
  const { t } = useTranslation('builder');
  const language = useCurrentLanguage();
  const [open, setOpen] = useState(false);
  const timingId = useId();
  const { name, schedule } = product;
  const total = slotsTotal(schedule.slots);
  const dose = scheduleDailyDose(schedule);
  const amount = (servings: number) => formatAmount(servings, language);

  return (
    <div className="builder-day">
      <div className="builder-day__grid" role="group" aria-label={t('schedule.day-label', { name })}>
        {SLOTS.map((slot) => (
          <ScheduleCell
            key={slot}
            name={name}
            slot={slot}
            slots={schedule.slots}
            slotName={t(`schedule.slots.${slot}`)}
            disabled={disabled}
            onSet={(servings) => onChange({ slots: { [slot]: servings } })}
          />
        ))}
      </div>
      <div className="builder-day__tail">
        <p className="builder-day__total">
          {dose > total
            ? t('schedule.total-up-to', { n: amount(total), max: amount(dose) })
            : t('schedule.total', { n: amount(total) })}
        </p>
        <select
          className="builder-day__food"
          aria-label={t('schedule.with-food-label', { name })}
          value={schedule.with_food}
          disabled={disabled}
          onChange={(event) => {
            const choice = WITH_FOOD.find((option) => option === event.target.value);
            if (choice && choice !== schedule.with_food) onChange({ with_food: choice });
          }}
        >
          {WITH_FOOD.map((choice) => (
            <option key={choice} value={choice}>
              {t(`schedule.food.${choice}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="text-button"
          aria-expanded={open}
          aria-controls={open ? timingId : undefined}
          aria-label={t('schedule.more-label', { name })}
          onClick={() => setOpen(!open)}
        >
          {t('schedule.more')}
        </button>
      </div>
      {open && (
        <MoreTiming key={timingKey(schedule)} id={timingId} name={name} schedule={schedule} disabled={disabled} onSave={onChange} />
      )}
    </div>
  );
}
