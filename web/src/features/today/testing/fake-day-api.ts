import { delay, http, HttpResponse } from 'msw';

import type { CheckInBody, Day, OwnAdherence } from '../api/types';
import { adherence as adherenceFixture, TODAY } from './fixtures';

const BASE = '/api/v2/account/clients';

interface Call {
  call: string;
  query: string;
  body: unknown;
  authorization: string | null;
}

interface Refusal {
  status: number;
  message: string;
}

/** The day with one protocol's slot recorded; the slot's shared state is the one all its protocols have. */
function recorded(current: Day, body: CheckInBody): Day {
  return {
    ...current,
    slots: current.slots.map((entry) => {
      if (entry.slot !== body.slot) return entry;
      const checkIns = entry.check_ins.map((checkIn) =>
        checkIn.protocol_id === body.protocol_id ? { ...checkIn, state: body.state } : checkIn,
      );
      const states = new Set(checkIns.map((checkIn) => checkIn.state));
      const [only] = states;
      return { ...entry, check_ins: checkIns, check_in: states.size === 1 && only ? only : null };
    }),
  };
}

/**
 * The client's day behind MSW, as server/adherence answers it: the days by date (one not given has nothing to
 * take), check-ins recorded into them, the streak, the daily e-mail, the calendar feed and the check-ins'
 * data, as MSW handlers (the test passes `handlers` to `server.use`). Records every call; `refuse` makes the
 * next check-ins fail, `hold` keeps their answers back.
 */
export function fakeDayApi(initial: Day[], options: { adherence?: OwnAdherence; dailyEmail?: boolean } = {}) {
  const days = new Map(initial.map((entry) => [entry.date, entry]));
  const calls: Call[] = [];
  let refusal: Refusal | null = null;
  let release: Promise<void> | null = null;
  let streak = options.adherence ?? adherenceFixture();
  let dailyEmail = options.dailyEmail ?? false;
  let settingsRefusal: Refusal | null = null;
  let feed = 1;

  const record = async (request: Request) => {
    const text = await request.text();
    const url = new URL(request.url);
    calls.push({
      call: `${request.method} ${url.pathname.replace(/^\/api/, '')}`,
      query: url.search,
      body: text ? (JSON.parse(text) as unknown) : null,
      authorization: request.headers.get('Authorization'),
    });
    return text ? (JSON.parse(text) as unknown) : null;
  };
  const refused = ({ status, message }: Refusal) =>
    HttpResponse.json({ message, code: 'validation_error', errors: {} }, { status });
  const dayOf = (date: string): Day => days.get(date) ?? { date, slots: [] };

  const handlers = [
    http.get(`*${BASE}/schedule`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(dayOf(new URL(request.url).searchParams.get('date') ?? TODAY));
    }),
    http.post(`*${BASE}/check-ins`, async ({ request }) => {
      const body = (await record(request)) as CheckInBody;
      if (release) await release;
      if (refusal) return refused(refusal);
      const next = recorded(dayOf(body.date), body);
      days.set(body.date, next);
      return HttpResponse.json(next);
    }),
    http.get(`*${BASE}/adherence`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(streak);
    }),
    http.get(`*${BASE}/day-settings`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ daily_email: dailyEmail });
    }),
    http.put(`*${BASE}/day-settings`, async ({ request }) => {
      const body = (await record(request)) as { daily_email: boolean };
      await delay(20);
      if (settingsRefusal) return refused(settingsRefusal);
      dailyEmail = body.daily_email;
      return HttpResponse.json({ daily_email: dailyEmail });
    }),
    http.get(`*${BASE}/calendar`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ url: `https://shop.example/api/v2/calendar/feed-${String(feed)}.ics` });
    }),
    http.delete(`*${BASE}/calendar`, async ({ request }) => {
      await record(request);
      feed += 1;
      return HttpResponse.json({ message: 'The calendar address is revoked.' });
    }),
    http.get(`*${BASE}/schedule.pdf`, async ({ request }) => {
      await record(request);
      return new HttpResponse('%PDF week', {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="schedule-2026-12-07.pdf"' },
      });
    }),
    http.get(`*${BASE}/check-ins.csv`, async ({ request }) => {
      await record(request);
      return new HttpResponse('date,slot,protocol_id,protocol,state,recorded_at\n', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="check-ins.csv"' },
      });
    }),
    http.delete(`*${BASE}/check-ins`, async ({ request }) => {
      await record(request);
      for (const [date, entry] of days) {
        days.set(date, {
          ...entry,
          slots: entry.slots.map((one) => ({
            ...one,
            check_in: null,
            check_ins: one.check_ins.map((checkIn) => ({ ...checkIn, state: null })),
          })),
        });
      }
      streak = { ...streak, streak: 0 };
      return HttpResponse.json({ message: 'Your check-ins are deleted.', deleted: 3 });
    }),
  ];

  return {
    /** For `server.use(...)`. */
    handlers,
    calls,
    /** The calls of one kind (`POST /v2/account/clients/check-ins`), in order. */
    callsOf: (call: string) => calls.filter((entry) => entry.call === call),
    /** What another device recorded, or the practitioner changed: the next read answers it. */
    set(next: Day) {
      days.set(next.date, next);
    },
    setAdherence(next: OwnAdherence) {
      streak = next;
    },
    /** Check-ins are refused from now on (`null`: accepted again). */
    refuse(next: Refusal | null) {
      refusal = next;
    },
    /** Check-ins wait for the returned function before they answer. */
    hold(): () => void {
      let open = () => {};
      release = new Promise<void>((resolve) => {
        open = () => {
          release = null;
          resolve();
        };
      });
      return open;
    },
    refuseSettings(next: Refusal | null) {
      settingsRefusal = next;
    },
  };
}
