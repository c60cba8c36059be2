import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useDaySettings } from '../api/get-day-settings';
import { updateDaySettings } from '../api/update-day-settings';
import { failureMessage } from './failure-message';

/**
 * The daily e-mail at 07:00, on or off: the switch moves at once, waits for the answer before it can move
 * again, and goes back with a message when refused.
 */
export function DailyEmail() {
  const { t } = useTranslation('today');
  const switchId = useId();
  const hintId = useId();
  const { data, error, mutate } = useDaySettings();
  const [failure, setFailure] = useState<string | null>(null);
  // One change at a time: a second one started before the first is answered would roll back past it.
  const [saving, setSaving] = useState(false);

  const change = (dailyEmail: boolean) => {
    setFailure(null);
    setSaving(true);
    void mutate(updateDaySettings({ daily_email: dailyEmail }), {
      optimisticData: { daily_email: dailyEmail },
      rollbackOnError: true,
      populateCache: true,
      revalidate: false,
    })
      .catch((reason: unknown) => setFailure(failureMessage(reason, t('email.failed'))))
      .finally(() => setSaving(false));
  };

  return (
    <div className="today-elsewhere__part">
      <h3>{t('email.title')}</h3>
      {data ? (
        <p className="today-switch">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={data.daily_email}
            disabled={saving}
            aria-busy={saving || undefined}
            aria-describedby={hintId}
            onChange={(event) => change(event.target.checked)}
          />
          <label htmlFor={switchId}>{t('email.label')}</label>
        </p>
      ) : (
        <p aria-busy={error ? undefined : true}>{error ? t('email.load-failed') : t('loading')}</p>
      )}
      <p id={hintId} className="today-muted">
        {t('email.text')}
      </p>
      {failure && <p role="alert">{failure}</p>}
    </div>
  );
}
