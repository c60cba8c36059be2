import { http, HttpResponse, type HttpHandler } from 'msw';

/** The test's MSW server (passed in: the shared one reads the locale files, which the app's types do not know). */
interface HandlerHost {
  use: (...handlers: HttpHandler[]) => void;
}

/**
 * The substitutes call behind MSW (`GET /v2/storefront/products/{slug}/substitutes`): `answer` by slug and
 * query, an offer list or a whole response; records each call as `slug?query`.
 */
export function substitutesServer(
  server: HandlerHost,
  answer: (slug: string, query: URLSearchParams) => Response | unknown[] = () => [],
) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v2/storefront/products/:slug/substitutes', ({ request, params }) => {
      const url = new URL(request.url);
      asked.push(`${String(params.slug)}${url.search}`);
      const reply = answer(String(params.slug), url.searchParams);
      return reply instanceof Response ? reply : HttpResponse.json(reply);
    }),
  );
  return asked;
}
