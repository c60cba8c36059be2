import { useTranslation } from 'react-i18next';

import { useCurrentLanguage } from '../../../lib/i18n';
import { DAYS_BACK } from '../api/keys';
import { addDays, formatFullDay } from './dates';

interface DayNavProps {
  /** The day shown. */
  date: string;
  /** Today, as the server counts it. */
  today: string;
  /** Shows another day; `null` is today. */
  onChange: (date: string | null) => void;
}

/** The day shown, the way to the days before it (up to 7 back, as far as check-ins go) and back to today; never ahead. */
export function DayNav({ date, today, onChange }: DayNavProps) {
  const { t } = useTranslation('today');
  const language = useCurrentLanguage();
  const isToday = date === today;
  const oldest = addDays(today, -DAYS_BACK);
  const go = (day: string) => onChange(day === today ? null : day);
  return (
    <nav className="today-nav" aria-label={t('nav.label')}>
      <button type="button" className="button button--secondary" disabled={date <= oldest} onClick={() => go(addDays(date, -1))}>
        {t('nav.previous')}
      </button>
      <p className="today-nav__day" aria-live="polite">
        <strong>{isToday ? t('nav.today-is', { date: formatFullDay(date, language) }) : formatFullDay(date, language)}</strong>
      </p>
      <button type="button" className="button button--secondary" disabled={isToday} onClick={() => go(addDays(date, 1))}>
        {t('nav.next')}
      </button>
      {!isToday && (
        <button type="button" className="button" onClick={() => onChange(null)}>
          {t('nav.back-to-today')}
        </button>
      )}
    </nav>
  );
}
