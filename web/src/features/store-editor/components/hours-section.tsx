import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { DAYS, type Day, type OpeningRange, type Store } from '../api/types';
import { updateOpeningHours } from '../api/update-opening-hours';
import { SelectField, TextField } from './fields';
import { SectionForm } from './section-form';
import { browserTimeZone, timeZones } from './time-zones';
import { useDraft } from './use-draft';
import { useFieldError } from './use-field-error';
import { useSave } from './use-save';
import { useStoreCache } from './use-store-cache';

interface HoursDraft {
  ranges: OpeningRange[];
  timezone: string;
}

function hoursOf(store: Store): HoursDraft {
  return { ranges: store.opening_hours.map(({ day, opens, closes }) => ({ day, opens, closes })), timezone: store.timezone };
}

/**
 * Opening hours (up to 3 ranges a day, 24-hour HH:MM) and their IANA time zone, saved together with
 * `PUT /v2/account/store/contact {opening_hours, timezone}`.
 */
export function HoursSection({ store }: { store: Store }) {
  const { t } = useTranslation('store-editor');
  const sectionName = t('hours.title');
  const { draft, dirty, setDraft, commit } = useDraft(hoursOf(store));
  const { saving, errors, run } = useSave(sectionName);
  const errorOf = useFieldError(errors);
  const cache = useStoreCache();
  const zones = useMemo(() => timeZones(draft.timezone), [draft.timezone]);

  const setRange = (index: number, changes: Partial<OpeningRange>) =>
    setDraft((current) => ({
      ...current,
      ranges: current.ranges.map((range, at) => (at === index ? { ...range, ...changes } : range)),
    }));
  const addRange = () =>
    setDraft((current) => ({
      // A first range also picks the browser's time zone, which the server requires with hours.
      timezone: current.timezone || browserTimeZone(),
      ranges: [...current.ranges, { day: nextDay(current.ranges), opens: '09:00', closes: '17:00' }],
    }));
  const removeRange = (index: number) =>
    setDraft((current) => ({ ...current, ranges: current.ranges.filter((_, at) => at !== index) }));

  const save = async () => {
    const saved = await run(() => updateOpeningHours(draft.ranges, draft.timezone));
    if (saved) {
      commit(hoursOf(saved));
      await cache.setStore(saved);
    }
  };

  const dayOptions = DAYS.map((day) => ({ value: day, label: t(`day.${day}`) }));
  return (
    <SectionForm title={sectionName} lead={t('hours.lead')} dirty={dirty} saving={saving} onSave={() => void save()}>
      {draft.ranges.length === 0 ? (
        <p className="store-field__help">{t('hours.none')}</p>
      ) : (
        <ul className="store-hours" aria-label={t('hours.list')}>
          {draft.ranges.map((range, index) => (
            // Ranges have no id: their place in the draft is their identity until saved.
            <li key={index} className="store-hours__row">
              <SelectField
                id={`store-hours-${index}-day`}
                label={t('hours.day')}
                value={range.day}
                options={dayOptions}
                error={errorOf(`opening_hours.${index}.day`)}
                onChange={(value) => setRange(index, { day: value as Day })}
              />
              <TextField
                id={`store-hours-${index}-opens`}
                label={t('hours.opens')}
                type="time"
                value={range.opens}
                error={errorOf(`opening_hours.${index}`)}
                onChange={(value) => setRange(index, { opens: value })}
              />
              <TextField
                id={`store-hours-${index}-closes`}
                label={t('hours.closes')}
                type="time"
                value={range.closes}
                validate={(closes) => (range.opens && closes && closes <= range.opens ? t('field-error.invalid-time') : undefined)}
                onChange={(value) => setRange(index, { closes: value })}
              />
              <button
                type="button"
                className="button button--secondary store-hours__remove"
                aria-label={t('hours.remove-label', { day: t(`day.${range.day}`), opens: range.opens, closes: range.closes })}
                onClick={() => removeRange(index)}
              >
                {t('hours.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {errorOf('opening_hours') && <p className="store-field__error">{errorOf('opening_hours')}</p>}
      <div>
        <button type="button" className="button button--secondary" onClick={addRange}>
          {t('hours.add')}
        </button>
      </div>
      <SelectField
        id="store-timezone"
        label={t('hours.timezone')}
        help={t('hours.timezone-help')}
        value={draft.timezone}
        options={[{ value: '', label: t('hours.timezone-none') }, ...zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))]}
        error={errorOf('timezone')}
        onChange={(value) => setDraft((current) => ({ ...current, timezone: value }))}
      />
    </SectionForm>
  );
}

/** The day after the last range's, so adding ranges walks through the week. */
function nextDay(ranges: readonly OpeningRange[]): Day {
  const last = ranges.at(-1);
  if (!last) return 'monday';
  return DAYS[(DAYS.indexOf(last.day) + 1) % DAYS.length] ?? 'monday';
}
