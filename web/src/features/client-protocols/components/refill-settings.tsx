import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { formatDay } from '../../../lib/format/date';
import { useCurrentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast/toast-store';
import { putRefill, REFILLS_PATH, type RefillState } from '../api/refills';
import './refill.css';

/** The notice a client may choose; the server takes 1 to 30 days. */
export const NOTICE_DAYS = [3, 5, 7, 10, 14] as const;

/**
 * A shared protocol's refill reminders: on or off, how many days before the first product runs out, and
 * when the next one comes (docs/decisions/0032-refills-timed-to-the-bottle.md). Saved at once; every device
 * follows through the list's refetch.
 */
export function RefillSettings({ refill }: { refill: RefillState }) {
  const { t } = useTranslation('client-protocols');
  const language = useCurrentLanguage();
  const { mutate } = useSWRConfig();
  const [saving, setSaving] = useState(false);
  const daysId = useId();
  const days = NOTICE_DAYS.includes(refill.days_before as (typeof NOTICE_DAYS)[number])
    ? NOTICE_DAYS
    : [...NOTICE_DAYS, refill.days_before].sort((a, b) => a - b);

  async function save(enabled: boolean, daysBefore: number) {
    setSaving(true);
    try {
      const next = await putRefill(refill.protocol_id, enabled, daysBefore);
      await mutate(
        REFILLS_PATH,
        (list: RefillState[] | undefined) => list?.map((item) => (item.protocol_id === next.protocol_id ? next : item)),
        { revalidate: false },
      );
      toast.success(t('refill.saved'));
    } catch {
      toast.error(t('refill.failed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="refill-settings" aria-label={t('refill.title')}>
      <label className="refill-settings__toggle">
        <input
          type="checkbox"
          checked={refill.enabled}
          disabled={saving}
          onChange={(event) => void save(event.target.checked, refill.days_before)}
        />
        {t('refill.enabled')}
      </label>
      {refill.enabled && (
        <label htmlFor={daysId} className="refill-settings__days">
          {t('refill.days')}
          <select
            id={daysId}
            value={refill.days_before}
            disabled={saving}
            onChange={(event) => void save(true, Number(event.target.value))}
          >
            {days.map((n) => (
              <option key={n} value={n}>
                {t('refill.days-option', { n })}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="refill-settings__next">
        {refill.enabled && refill.next_reminder_on && refill.runs_out_on
          ? t('refill.next', {
              date: formatDay(refill.next_reminder_on, language),
              runsOut: formatDay(refill.runs_out_on, language),
            })
          : t(refill.enabled ? 'refill.none' : 'refill.off')}
      </p>
    </section>
  );
}
