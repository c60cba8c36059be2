import { http, HttpResponse } from 'msw';

import type { Earnings, LedgerPage, PayoutAccount } from '../api/types';
import { earnings, ledgerPage, payoutAccount } from './fixtures';

export interface Call {
  method: string;
  /** After `/api`, with the query as sent. */
  path: string;
  authorization: string | null;
  body?: unknown;
}

/**
 * The earnings calls for MSW (the test passes `handlers` to `server.use`), answering from what the test
 * sets: `state.earnings`, `state.ledger(url)` and `state.account` may be changed between calls. Every
 * call is recorded for exact assertions.
 */
export function fakeEarningsApi(initial: { earnings?: Earnings; ledger?: LedgerPage; account?: PayoutAccount } = {}) {
  const state = {
    earnings: initial.earnings ?? earnings(),
    ledger: (_url: URL): Response => HttpResponse.json(initial.ledger ?? ledgerPage([])),
    account: initial.account ?? payoutAccount(),
    save: (body: PayoutAccount): Response => HttpResponse.json(body),
  };
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    let body: unknown;
    if ((request.headers.get('content-type') ?? '').includes('application/json')) body = await request.clone().json();
    calls.push({
      method: request.method,
      path: `${url.pathname.replace(/^\/api/, '')}${url.search}`,
      authorization: request.headers.get('Authorization'),
      body,
    });
    return url;
  };
  const handlers = [
    http.get('*/api/v2/account/practitioners/earnings', async ({ request }) => {
      await record(request);
      return HttpResponse.json(state.earnings);
    }),
    http.get('*/api/v2/account/practitioners/earnings/ledger', async ({ request }) => state.ledger(await record(request))),
    http.get('*/api/v2/account/practitioners/earnings/payout-account', async ({ request }) => {
      await record(request);
      return HttpResponse.json(state.account);
    }),
    http.put('*/api/v2/account/practitioners/earnings/payout-account', async ({ request }) => {
      await record(request);
      const body = (await request.json()) as Omit<PayoutAccount, 'payout_method'>;
      return state.save({ ...body, payout_method: state.account.payout_method });
    }),
    http.get('*/api/v2/account/practitioners/earnings/statements/:file', async ({ request, params }) => {
      await record(request);
      const file = String(params.file);
      const currency = new URL(request.url).searchParams.get('currency') ?? 'EUR';
      return new HttpResponse(`Statement ${file} ${currency}`, {
        headers: {
          'Content-Type': file.endsWith('.pdf') ? 'application/pdf' : 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="statement-${file.slice(0, 7)}-${currency}.${file.slice(8)}"`,
        },
      });
    }),
  ];
  const callsTo = (part: string) => calls.filter((call) => call.path.includes(part));
  return { state, calls, callsTo, handlers };
}
