import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCurrentLanguage } from '../../../lib/i18n';
import { toLocaleTag } from '../../../lib/languages';
import type { OpeningHours } from '../api/types';
import { formatTime, isOpenAt, weekdayName, WEEKDAYS } from './hours';
import { StoreSection } from './store-section';

/** The current time, renewed every `everyMs` so "open now" turns at the right minute. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Every weekday with its ranges (a day without any is closed), the store's time zone, and whether it
 * is open now there, which is left out when the browser does not know that zone.
 */
export function HoursSection({ hours, timezone }: { hours: OpeningHours[]; timezone: string | null }) {
  const { t } = useTranslation('store-page');
  const tag = toLocaleTag(useCurrentLanguage());
  const open = isOpenAt(hours, timezone, useNow(30_000));
  const list = new Intl.ListFormat(tag, { style: 'short', type: 'unit' });

  return (
    <StoreSection name="hours" title={t('hours.title')}>
      {open !== null && (
        <p className={`store-hours__now store-hours__now--${open ? 'open' : 'closed'}`}>
          {open ? t('hours.open-now') : t('hours.closed-now')}
        </p>
      )}
      <dl className="store-hours">
        {WEEKDAYS.map((day) => {
          const ranges = hours.filter((range) => range.day === day);
          return (
            <div key={day} className="store-hours__day">
              <dt>{weekdayName(day, tag)}</dt>
              <dd>
                {ranges.length === 0
                  ? t('hours.closed')
                  : list.format(
                      ranges.map((range) =>
                        t('hours.range', { opens: formatTime(range.opens, tag), closes: formatTime(range.closes, tag) }),
                      ),
                    )}
              </dd>
            </div>
          );
        })}
      </dl>
      {timezone && <p className="store-hours__zone">{t('hours.timezone', { timezone: timezone.replaceAll('_', ' ') })}</p>}
    </StoreSection>
  );
}
