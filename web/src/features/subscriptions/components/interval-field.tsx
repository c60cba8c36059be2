import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const MIN_INTERVAL = 7;
export const MAX_INTERVAL = 180;

/** The interval a client chose: the doses' own (`default`), or theirs in days as typed. */
export interface IntervalDraft {
  mode: 'default' | 'own';
  days: string;
}

/** The chosen interval in days (`null`: follow the doses), or `undefined` when the typed days are not 7 to 180. */
export function intervalOf(draft: IntervalDraft): number | null | undefined {
  if (draft.mode === 'default') return null;
  if (!/^\d{1,3}$/.test(draft.days.trim())) return undefined;
  const days = Number(draft.days.trim());
  return days >= MIN_INTERVAL && days <= MAX_INTERVAL ? days : undefined;
}

/** Follow my doses, or every N days (7 to 180): two radios and the number, its error tied to it. */
export function IntervalField({
  draft,
  defaultDays,
  onChange,
  showError,
}: {
  draft: IntervalDraft;
  /** The interval the lines' doses give. */
  defaultDays: number;
  onChange: (draft: IntervalDraft) => void;
  showError: boolean;
}) {
  const { t } = useTranslation('subscriptions');
  const id = useId();
  const invalid = showError && draft.mode === 'own' && intervalOf(draft) === undefined;
  return (
    <fieldset className="refill-interval">
      <legend>{t('interval.title')}</legend>
      <label className="refill-check">
        <input
          type="radio"
          name={`${id}-mode`}
          checked={draft.mode === 'default'}
          onChange={() => onChange({ ...draft, mode: 'default' })}
        />
        {t('interval.default', { n: defaultDays })}
      </label>
      <label className="refill-check">
        <input
          type="radio"
          name={`${id}-mode`}
          checked={draft.mode === 'own'}
          onChange={() => onChange({ mode: 'own', days: draft.days || String(defaultDays) })}
        />
        {t('interval.own')}
      </label>
      {draft.mode === 'own' && (
        <div className="refill-field">
          <label htmlFor={`${id}-days`}>{t('interval.own-label')}</label>
          <input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={MIN_INTERVAL}
            max={MAX_INTERVAL}
            value={draft.days}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onChange({ mode: 'own', days: event.target.value })}
          />
          <p id={`${id}-hint`} className={invalid ? 'refill-field__error' : 'refill-field__hint'}>
            {invalid ? t('interval.invalid') : t('interval.hint')}
          </p>
        </div>
      )}
    </fieldset>
  );
}
