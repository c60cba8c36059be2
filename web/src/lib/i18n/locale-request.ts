import type { HttpBackendOptions } from 'i18next-http-backend';

export type LocaleRequest = NonNullable<HttpBackendOptions['request']>;

/**
 * Fetches one translation file for i18next-http-backend. It reports the HTTP status and the
 * raw text so the backend can tell a retryable failure (5xx, network) from a final one (4xx)
 * and i18next's loader retries with backoff (see LOCALE_LOADING). The URL is resolved against
 * the document so `/locales/...` also works where fetch needs absolute URLs (tests).
 */
export const localeRequest: LocaleRequest = (options, url, payload, callback) => {
  const init =
    typeof options.requestOptions === 'function'
      ? options.requestOptions(payload)
      : options.requestOptions;
  fetch(new URL(url, document.baseURI), {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json' },
  })
    .then(async (response) => ({ status: response.status, data: await response.text() }))
    .then(
      (result) => {
        callback(null, result);
      },
      (error: unknown) => {
        callback(error, null);
      },
    );
};
