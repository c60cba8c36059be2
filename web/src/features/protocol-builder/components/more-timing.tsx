import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { SLOTS } from '../../../lib/schedule/slots';
import type { LineSchedule } from '../api/types';
import {
  applySchedulePatch,
  MAX_CYCLE_DAYS,
  MAX_WEEKS,
  scheduleProblems,
  withSlot,
  type ScheduleProblem,
  type ScheduleProblemCode,
  type SchedulePatch,
} from '../state/schedule';
import { addedStep, timingDraftOf, timingPatch, type StepDraft, type TimingDraft } from '../state/timing-draft';
import { ScheduleCell } from './schedule-cell';

interface NumberFieldProps {
  label: string;
  value: string;
  min: number;
  max: number;
  invalid: boolean;
  describedBy?: string;
  /** A line under the box, which `describedBy` names by `hintId`. */
  hint?: { id: string; text: string };
  onChange: (value: string) => void;
}

function NumberField({ label, value, min, max, invalid, describedBy, hint, onChange }: NumberFieldProps) {
  const id = useId();
  return (
    <div className="builder-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={hint.id} className="builder-hint">
          {hint.text}
        </p>
      )}
    </div>
  );
}

interface MoreTimingProps {
  id: string;
  name: string;
  schedule: LineSchedule;
  disabled?: boolean;
  onSave: (patch: SchedulePatch) => void;
}

/**
 * A line's cycle (days on, days off), start date, length in weeks and titration steps (each from a week
 * on, with its own slots). The form is checked with the server's rules (state/schedule.ts) when saved: a
 * broken rule is said in words and nothing is written; what is written is only what the form changed.
 * The parent remounts it (key) when these parts of the schedule change.
 */
export function MoreTiming({ id, name, schedule, disabled, onSave }: MoreTimingProps) {
  const { t } = useTranslation('builder');
  const [draft, setDraft] = useState(() => timingDraftOf(schedule));
  const [problems, setProblems] = useState<readonly ScheduleProblem[]>([]);
  const problemsId = `${id}-problems`;
  const cycleHintId = `${id}-cycle-hint`;
  const startHintId = `${id}-start-hint`;
  const weeksHintId = `${id}-weeks-hint`;
  const next = addedStep(draft, schedule.slots);

  const set = (change: Partial<TimingDraft>) => setDraft((current) => ({ ...current, ...change }));
  const setStep = (index: number, change: Partial<StepDraft>) =>
    setDraft((current) => ({
      ...current,
      steps: current.steps.map((step, position) => (position === index ? { ...step, ...change } : step)),
    }));
  const broken = (code: ScheduleProblemCode, step: number | null = null) =>
    problems.some((problem) => problem.code === code && problem.step === step);
  const described = (hint: string | null, invalid: boolean) =>
    [hint, invalid ? problemsId : null].filter(Boolean).join(' ') || undefined;
  const problemText = (problem: ScheduleProblem) => {
    const text = t(`schedule.problems.${problem.code}`);
    return problem.step === null ? text : t('schedule.problems.in-step', { n: problem.step + 1, problem: text });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const patch = timingPatch(schedule, draft);
    const found = scheduleProblems(applySchedulePatch(schedule, patch));
    setProblems(found);
    if (found.length === 0 && Object.keys(patch).length > 0) onSave(patch);
  }

  return (
    <form id={id} className="builder-timing" aria-label={t('schedule.timing-label', { name })} noValidate onSubmit={submit}>
      <fieldset className="builder-timing__group">
        <legend>{t('schedule.cycle')}</legend>
        <p id={cycleHintId} className="builder-hint">
          {t('schedule.cycle-hint')}
        </p>
        <div className="builder-timing__pair">
          <NumberField
            label={t('schedule.days-on')}
            value={draft.onDays}
            min={1}
            max={MAX_CYCLE_DAYS}
            invalid={broken('cycle')}
            describedBy={described(cycleHintId, broken('cycle'))}
            onChange={(onDays) => set({ onDays })}
          />
          <NumberField
            label={t('schedule.days-off')}
            value={draft.offDays}
            min={1}
            max={MAX_CYCLE_DAYS}
            invalid={broken('cycle')}
            describedBy={described(cycleHintId, broken('cycle'))}
            onChange={(offDays) => set({ offDays })}
          />
        </div>
      </fieldset>
      <div className="builder-timing__pair">
        <div className="builder-field">
          <label htmlFor={`${id}-start`}>{t('schedule.start-date')}</label>
          <input
            id={`${id}-start`}
            type="date"
            value={draft.startDate}
            aria-invalid={broken('start-date') || undefined}
            aria-describedby={described(startHintId, broken('start-date'))}
            onChange={(event) => set({ startDate: event.target.value })}
          />
          <p id={startHintId} className="builder-hint">
            {t('schedule.start-hint')}
          </p>
        </div>
        <NumberField
          label={t('schedule.weeks')}
          value={draft.weeks}
          min={1}
          max={MAX_WEEKS}
          invalid={broken('weeks')}
          describedBy={described(weeksHintId, broken('weeks'))}
          hint={{ id: weeksHintId, text: t('schedule.weeks-hint') }}
          onChange={(weeks) => set({ weeks })}
        />
      </div>
      <fieldset className="builder-timing__group">
        <legend>{t('schedule.steps')}</legend>
        {draft.steps.map((step, index) => (
          // Steps have no id of their own; their place is what the form and the problems name them by.
          <fieldset key={index} className="builder-step">
            <legend>{t('schedule.step', { n: index + 1 })}</legend>
            <NumberField
              label={t('schedule.from-week')}
              value={step.fromWeek}
              min={2}
              max={MAX_WEEKS}
              invalid={broken('step-week', index)}
              describedBy={described(null, broken('step-week', index))}
              onChange={(fromWeek) => setStep(index, { fromWeek })}
            />
            <div className="builder-day__grid">
              {SLOTS.map((slot) => (
                <ScheduleCell
                  key={slot}
                  name={name}
                  slot={slot}
                  slots={step.slots}
                  slotName={t('schedule.step-slot', { slot: t(`schedule.slots.${slot}`), n: index + 1 })}
                  disabled={disabled}
                  onSet={(servings) => setStep(index, { slots: withSlot(step.slots, slot, servings) })}
                />
              ))}
            </div>
            <button
              type="button"
              className="text-button"
              onClick={() => set({ steps: draft.steps.filter((_, position) => position !== index) })}
            >
              {t('schedule.remove-step', { n: index + 1 })}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="button button--secondary"
          disabled={next === null}
          onClick={() => next && set({ steps: [...draft.steps, next] })}
        >
          {t('schedule.add-step')}
        </button>
      </fieldset>
      {problems.length > 0 && (
        <div id={problemsId} className="builder-timing__problems" role="alert">
          <ul>
            {problems.map((problem) => (
              <li key={`${problem.code}-${problem.step ?? 'day'}`}>{problemText(problem)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="builder-actions">
        <button type="submit" className="button" disabled={disabled}>
          {t('schedule.save')}
        </button>
      </div>
    </form>
  );
}
