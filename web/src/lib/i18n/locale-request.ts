import type { HttpBackendOptions } from 'i18next-http-backend';

export type LocaleRequest = NonNullable<HttpBackendOptions['request']>;

/**
 * Fetches one translation file for i18next-http-backend. It reports the HTTP status and the
 * raw text so the backend can tell a retryable failure (5xx, network) from a final one (4xx)
 * and i18next's loader retries with backoff (see LOCALE_LOADING). The URL is resolved against
 * the document so `/locales/...` also works where fetch needs absolute URLs (tests).
 * With a payload it is the missing-keys report (spec: docs/spec-coverage.md#s7-locales-add-missing, "Other"):
 * a POST of key: default text.
 */
export const localeRequest: LocaleRequest = (options, url, payload, callback) => {
  const init =
    typeof options.requestOptions === 'function'
      ? options.requestOptions(payload)
      : options.requestOptions;
  // i18next passes an empty object on plain loads; only a non-empty one is a report.
  const isReport = payload !== undefined && payload !== null && Object.keys(payload).length > 0;
  const report = isReport ? { method: 'POST', body: JSON.stringify(payload) } : {};
  fetch(new URL(url, document.baseURI), {
    credentials: 'same-origin',
    ...init,
    ...report,
    headers: isReport
      ? { Accept: 'application/json', 'Content-Type': 'application/json' }
      : { Accept: 'application/json' },
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
