import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useCurrentLanguage } from '../../../lib/i18n/use-current-language';
import { toLocaleTag } from '../../../lib/languages';
import { SLOTS } from '../../../lib/schedule/slots';
import type { ProtocolAdherence } from '../api/types';

/** A day of the API (`YYYY-MM-DD`) short, with its weekday (`Tue, Dec 8`), the same wherever the reader is. */
function shortDay(day: string, tag: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(tag, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

/**
 * A protocol's check-ins as a table: a row per day (oldest first, from the first with something to take), a
 * column per slot the protocol has, each cell taken, skipped, missed or pending. The state is said in words
 * (read out, hidden on screen) and shown by a mark and a colour, never by colour alone; a slot with nothing
 * to take that day is empty.
 */
export function AdherenceHeatmap({ protocol, clientName }: { protocol: ProtocolAdherence; clientName: string }) {
  const { t } = useTranslation('practice');
  const tag = toLocaleTag(useCurrentLanguage());
  // The days before the protocol was shared have nothing to take: the rows start at its first day.
  const first = protocol.days.findIndex((day) => Object.keys(day.slots).length > 0);
  const days = first < 0 ? [] : protocol.days.slice(first);
  const slots = SLOTS.filter((slot) => days.some((day) => slot in day.slots));
  const label = t('adherence.heatmap', { client: clientName, protocol: protocol.name });
  const box = useRef<HTMLDivElement>(null);
  // The newest days matter most: the box opens scrolled to today, the oldest above.
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [days.length]);
  if (slots.length === 0) return null;
  return (
    // Scrolls on its own; focusable so a keyboard can scroll it too.
    <div ref={box} className="practice-heatmap" role="region" aria-label={label} tabIndex={0}>
      <table className="practice-heatmap__table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adherence.day')}</th>
            {slots.map((slot) => (
              <th key={slot} scope="col">
                {t(`adherence.slots.${slot}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{shortDay(day.date, tag)}</th>
              {slots.map((slot) => {
                const state = day.slots[slot];
                return (
                  <td key={slot} className={`practice-heatmap__cell practice-heatmap__cell--${state ?? 'none'}`}>
                    {state ? (
                      <>
                        <span aria-hidden="true">{t(`adherence.mark.${state}`)}</span>
                        <span className="visually-hidden">{t(`adherence.state.${state}`)}</span>
                      </>
                    ) : (
                      <span className="visually-hidden">{t('adherence.state.none')}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the marks and colours of the heatmap mean. */
export function HeatmapLegend() {
  const { t } = useTranslation('practice');
  return (
    <ul className="practice-heatmap__legend" aria-label={t('adherence.legend')}>
      {(['taken', 'skipped', 'missed', 'pending'] as const).map((state) => (
        <li key={state}>
          <span className={`practice-heatmap__cell practice-heatmap__cell--${state}`} aria-hidden="true">
            {t(`adherence.mark.${state}`)}
          </span>{' '}
          {t(`adherence.state.${state}`)}
        </li>
      ))}
    </ul>
  );
}
