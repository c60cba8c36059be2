/** MSW helpers for the fetcher tests: answer one call and keep what was sent. */
import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';

export interface Captured {
  method: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}

type Method = 'get' | 'post' | 'put' | 'delete';

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * The test's MSW server, passed in rather than imported: this folder is type-checked with the app,
 * which has no Node types, and the shared server reads the locale files from disk.
 */
export interface HandlerHost {
  use(...handlers: HttpHandler[]): void;
}

export type Answer = (method: Method, path: string, reply: JsonBodyType, status?: number) => Captured[];

/** `answer(method, path, reply)` answers that call (under /api) with `reply` and records every request. */
export const createAnswer = (server: HandlerHost): Answer => (method, path, reply, status = 200) => {
  const seen: Captured[] = [];
  server.use(
    http[method](`*/api${path}`, async ({ request }) => {
      seen.push({
        method: request.method,
        url: new URL(request.url),
        body: await bodyOf(request),
        authorization: request.headers.get('Authorization'),
      });
      return HttpResponse.json(reply, { status });
    }),
  );
  return seen;
};

/** The server's error body (docs/api.md "HTTP errors"). */
export function errorBody(message: string, code: string) {
  return { message, code, errors: {} };
}
