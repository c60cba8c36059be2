import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { getCalendar } from '../api/get-calendar';
import { revokeCalendar } from '../api/revoke-calendar';
import { failureMessage } from './failure-message';

type Feed = { phase: 'hidden' } | { phase: 'shown'; url: string } | { phase: 'stopped' };

/** The address a calendar app subscribes to (`webcal://`, the same address). */
export function webcalOf(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

/**
 * The calendar feed: its secret address, asked for on the client's click (asking makes one), copied or opened
 * as `webcal://` in the phone's calendar; "Stop this address" revokes it, and a new one can be made after.
 */
export function CalendarFeed() {
  const { t } = useTranslation('today');
  const fieldId = useId();
  const [feed, setFeed] = useState<Feed>({ phase: 'hidden' });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      setFailure(failureMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  const show = () =>
    run(async () => {
      const reply = await getCalendar();
      setFeed({ phase: 'shown', url: reply.url });
    }, t('calendar.failed'));

  const stop = () =>
    run(async () => {
      await revokeCalendar();
      setFeed({ phase: 'stopped' });
    }, t('calendar.stop-failed'));

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setNotice(t('calendar.copied'));
    } catch {
      setFailure(t('calendar.copy-failed'));
    }
  };

  return (
    <div className="today-elsewhere__part">
      <h3>{t('calendar.title')}</h3>
      <p className="today-muted">{t('calendar.text')}</p>
      {feed.phase === 'shown' ? (
        <>
          <label htmlFor={fieldId}>{t('calendar.address')}</label>
          <input id={fieldId} className="today-calendar__url" type="text" readOnly value={feed.url} onFocus={(event) => event.target.select()} />
          <div className="today-actions">
            <button type="button" className="button button--secondary" onClick={() => void copy(feed.url)}>
              {t('calendar.copy')}
            </button>
            <a className="button" href={webcalOf(feed.url)}>
              {t('calendar.subscribe')}
            </a>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void stop()}>
              {t('calendar.stop')}
            </button>
          </div>
          <p className="today-muted">{t('calendar.secret')}</p>
        </>
      ) : (
        <>
          {feed.phase === 'stopped' && <p>{t('calendar.stopped')}</p>}
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void show()}>
            {feed.phase === 'stopped' ? t('calendar.new') : t('calendar.show')}
          </button>
        </>
      )}
      <p role="status">{notice}</p>
      {failure && <p role="alert">{failure}</p>}
    </div>
  );
}
