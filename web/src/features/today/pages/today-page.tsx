import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { KeyedMutator } from 'swr';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { useSchedule } from '../api/get-schedule';
import { DAYS_BACK } from '../api/keys';
import type { Day as DayOut } from '../api/types';
import { ClientsOnly } from '../../../components/ui/clients-only';
import { addDays, isDay } from '../components/dates';
import { DayNav } from '../components/day-nav';
import { DaySlotCard } from '../components/day-slot';
import { ElsewhereSection } from '../components/elsewhere-section';
import { LoadingState } from '../components/loading-state';
import { Streak } from '../components/streak';
import { useCheckIn } from '../components/use-check-in';
import '../today.css';

/**
 * The day asked for in the address (`?date=`), when it is one of the 7 days before today: check-ins go no
 * further back, and there is nothing to check in ahead. Anything else is today (`null`).
 */
function shownDate(asked: string | null, today: string | null): string | null {
  if (!isDay(asked)) return null;
  if (today === null) return asked;
  return asked < today && asked >= addDays(today, -DAYS_BACK) ? asked : null;
}

function Day() {
  const { t } = useTranslation('today');
  const [params, setParams] = useSearchParams();
  const todayDay = useSchedule(null);
  const today = todayDay.data?.date ?? null;
  const date = shownDate(params.get('date'), today);
  const { data, error, mutate } = useSchedule(date, { keepPrevious: true });

  const show = (day: string | null) => setParams(day === null ? {} : { date: day });
  const retry = () => {
    void todayDay.mutate();
    void mutate();
  };

  if (!data || today === null) {
    return <LoadingState problem={error || todayDay.error ? t('failed') : null} retry={retry} />;
  }
  const asked = date ?? today;
  return (
    <>
      <DayNav date={asked} today={today} onChange={show} />
      {error && data.date !== asked ? (
        <LoadingState problem={t('failed')} retry={retry} />
      ) : (
        // Keyed by the day: a tap's progress and message belong to the day it was made on. The day shown
        // while another loads cannot be checked in: its answer would land in the other day's place.
        <DaySlots key={data.date} day={data} past={data.date < today} loading={data.date !== asked} mutate={mutate} />
      )}
      <ElsewhereSection today={today} />
    </>
  );
}

interface DaySlotsProps {
  day: DayOut;
  past: boolean;
  /** Another day is on its way: this one is shown until it comes, and cannot be checked in. */
  loading: boolean;
  mutate: KeyedMutator<DayOut>;
}

function DaySlots({ day, past, loading, mutate }: DaySlotsProps) {
  const { t } = useTranslation('today');
  const actions = useCheckIn(day, mutate);
  if (day.slots.length === 0) {
    return (
      <div className="today-message">
        <p>{past ? t('empty.past') : t('empty.today')}</p>
        <LocalizedLink className="button" to="/account/client/protocols">
          {t('empty.to-protocols')}
        </LocalizedLink>
      </div>
    );
  }
  return (
    <ol className="today-slots" aria-label={t('slots-label')} aria-busy={loading || undefined}>
      {day.slots.map((slot) => (
        <DaySlotCard key={slot.slot} slot={slot} past={past} disabled={loading} actions={actions} />
      ))}
    </ol>
  );
}

/**
 * `/{lang}/account/today`: the signed-in client's day from the protocols shared with them (docs/decisions/
 * 0043-the-day-schedule.md), each slot with its products, the medicines taken then and one-tap check-ins; the
 * 7 days before (`?date=`); the streak; the schedule elsewhere (printable week, calendar feed, daily e-mail,
 * the check-ins' data). Follows check-ins and protocol changes from any device.
 */
export function TodayPage() {
  const { t } = useTranslation('today');
  return (
    <ClientsOnly
      texts={{
        title: t('title'),
        signedOut: t('signed-out'),
        signIn: t('sign-in'),
        clientsOnly: t('clients-only'),
        toAccount: t('to-account'),
      }}
    >
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('lead')}</p>
        <Streak />
        <p className="today-links">
          <LocalizedLink to="/account/medicines">{t('to-medicines')}</LocalizedLink>
          <LocalizedLink to="/account/client/protocols">{t('to-protocols')}</LocalizedLink>
        </p>
      </PageIntro>
      <p className="today-note" role="note">
        {t('note')}
      </p>
      <Day />
    </ClientsOnly>
  );
}
