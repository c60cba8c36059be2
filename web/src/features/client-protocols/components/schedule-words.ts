/**
 * A protocol line's day in words for the client and link visitors (docs/decisions/0043-the-day-schedule.md):
 * "Breakfast 1 · Dinner 1 · with food", then, when set, "5 days on, 2 off", "for 12 weeks from 1 December
 * 2026" and one line per titration step, "from week 3: Breakfast 1 · Dinner 1".
 */
import type { TFunction } from 'i18next';

import { formatDay } from '../../../lib/format/date';
import { formatAmount } from '../../../lib/format/number';
import type { Language } from '../../../lib/languages';
import { SLOTS } from '../../../lib/schedule/slots';
import type { LineSchedule } from '../api/types';

export function scheduleWords(schedule: LineSchedule, t: TFunction<'client-protocols'>, language: Language): string[] {
  const separator = t('schedule.separator');
  const slotsWords = (slots: LineSchedule['slots']) =>
    SLOTS.flatMap((slot) => {
      const servings = slots[slot] ?? 0;
      return servings > 0 ? [t('schedule.slot', { slot: t(`schedule.slots.${slot}`), n: formatAmount(servings, language) })] : [];
    }).join(separator);

  const day = [slotsWords(schedule.slots)];
  // "Any" is what a line says when nothing was chosen: no words for it.
  if (schedule.with_food !== 'any') day.push(t(`schedule.${schedule.with_food}`));
  const words = [day.join(separator)];

  const { cycle, weeks } = schedule;
  if (cycle) {
    words.push(
      t('schedule.cycle', {
        on: t('schedule.days-on', { count: cycle.on_days }),
        off: t('schedule.days-off', { count: cycle.off_days }),
      }),
    );
  }
  const start = schedule.start_date === null ? null : formatDay(schedule.start_date, language);
  if (weeks !== null) words.push(start ? t('schedule.weeks-from', { count: weeks, date: start }) : t('schedule.weeks', { count: weeks }));
  else if (start) words.push(t('schedule.from', { date: start }));
  for (const step of schedule.steps) words.push(t('schedule.step', { week: step.from_week, slots: slotsWords(step.slots) }));
  return words;
}
