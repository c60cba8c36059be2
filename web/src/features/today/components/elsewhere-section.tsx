import { useTranslation } from 'react-i18next';

import { CalendarFeed } from './calendar-feed';
import { CheckInsData } from './check-ins-data';
import { DailyEmail } from './daily-email';
import { WeekDownload } from './week-download';

/** "Your schedule elsewhere": the printable week, the calendar feed, the daily e-mail and the check-ins' data. */
export function ElsewhereSection({ today }: { today: string }) {
  const { t } = useTranslation('today');
  return (
    <section className="today-elsewhere" aria-labelledby="today-elsewhere">
      <h2 id="today-elsewhere">{t('elsewhere.title')}</h2>
      <div className="today-elsewhere__parts">
        <WeekDownload today={today} />
        <CalendarFeed />
        <DailyEmail />
        <CheckInsData />
      </div>
    </section>
  );
}
