import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { downloadWeek } from '../api/download-week';
import { addDays } from './dates';
import { failureMessage } from './failure-message';
import { saveFile } from '../../../lib/files/save-file';

type Week = 'this' | 'next';

/** The printable week (one A4 page, Monday to Sunday), this one or the next, fetched with the bearer and saved. */
export function WeekDownload({ today }: { today: string }) {
  const { t } = useTranslation('today');
  const [busy, setBusy] = useState<Week | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (week: Week) => {
    const day = week === 'this' ? today : addDays(today, 7);
    setBusy(week);
    setFailure(null);
    try {
      const file = await downloadWeek(day);
      saveFile(file.blob, file.filename ?? `schedule-${day}.pdf`);
    } catch (error) {
      setFailure(failureMessage(error, t('week.failed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="today-elsewhere__part">
      <h3>{t('week.title')}</h3>
      <p className="today-muted">{t('week.text')}</p>
      <div className="today-actions">
        {(['this', 'next'] as const).map((week) => (
          <button
            key={week}
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            aria-busy={busy === week || undefined}
            onClick={() => void download(week)}
          >
            {t(`week.${week}`)}
          </button>
        ))}
      </div>
      {failure && <p role="alert">{failure}</p>}
    </div>
  );
}
