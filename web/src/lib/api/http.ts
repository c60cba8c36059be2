import { toAcceptLanguage } from '../languages';
import { getRegion } from '../session/region';
import { DEVICE_HEADER, deviceId } from './device-id';
import { getTokens, setTokens } from '../session/token-store';

/**
 * Spec docs/spec-coverage.md#s8-failed-response-raises-error: a failed response carries status, statusText
 * and the parsed body.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's `{message}` when it sent one. */
  get serverMessage(): string | undefined {
    const body = this.body as { message?: unknown } | null;
    return typeof body?.message === 'string' ? body.message : undefined;
  }
}

export const TOKENS_EXPIRED = 'Tokens expired';
export const UNPARSABLE_BODY = 'Failed to parse response body.';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A multipart body (file uploads); sent as it is, the browser sets its Content-Type. Wins over `body`. */
  form?: FormData;
  query?: Record<string, string | number | undefined | null>;
  /**
   * `required`: refuse locally without a token (spec: docs/spec-coverage.md#s5-account-cart-requests) and
   * wipe the tokens on a 401.
   */
  auth?: 'required' | 'optional' | 'none';
  signal?: AbortSignal;
  /** Sent as the bearer instead of the access token (the refresh call). */
  bearer?: string;
  /**
   * The language of this call's answer (`zh_tw` is sent as `zh-tw`), for callers that know the
   * page's language better than the module-wide default, e.g. translated lists and messages.
   */
  language?: string;
  /** Extra request headers of one call (e.g. the checkout's `Idempotency-Key`); they cannot replace the client's own. */
  headers?: Record<string, string>;
}

/** The language of the UI, kept current by the app (for `Accept-Language`). */
let currentLanguage = 'en';
export function setApiLanguage(language: string) {
  currentLanguage = toAcceptLanguage(language);
}

function urlOf(path: string, query: ApiRequest['query']): string {
  const url = `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function parseBody(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text();
  if (!text) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Sends one call: language, region and device headers, the bearer; refuses locally without a required token. */
async function send(path: string, request: ApiRequest, accept: string): Promise<Response> {
  const { method = 'GET', body, form, query, auth = 'none', signal } = request;
  const headers: Record<string, string> = {
    ...request.headers,
    Accept: accept,
    'Accept-Language': request.language ? toAcceptLanguage(request.language) : currentLanguage,
    'X-Region': getRegion(),
    [DEVICE_HEADER]: deviceId(),
  };
  const tokens = auth === 'none' ? null : getTokens();
  if (auth === 'required' && !tokens && !request.bearer) {
    throw new ApiError('Unauthorized', 401, 'Unauthorized', null);
  }
  const bearer = request.bearer ?? tokens?.accessToken;
  if (bearer && auth !== 'none') headers.Authorization = `Bearer ${bearer}`;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';

  return fetch(urlOf(path, query), {
    method,
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal,
  });
}

/** The error of a refused call, with its parsed JSON body; a 401 on an auth-required call clears the tokens. */
async function failureOf(response: Response, request: ApiRequest): Promise<ApiError> {
  const parsed = await parseBody(response);
  if (response.status === 401 && request.auth === 'required' && !request.bearer) {
    // Spec docs/spec-coverage.md#s8-401-auth-required-call: a 401 on an auth-required call clears the tokens.
    setTokens(null);
    return new ApiError(TOKENS_EXPIRED, 401, response.statusText, parsed.ok ? parsed.value : null);
  }
  if (!parsed.ok) return new ApiError(UNPARSABLE_BODY, response.status, response.statusText, null);
  const message = (parsed.value as { message?: unknown } | null)?.message;
  return new ApiError(
    typeof message === 'string' ? message : response.statusText,
    response.status,
    response.statusText,
    parsed.value,
  );
}

/** Calls the shop's API under `/api`: JSON in and out, language and region headers, bearer auth. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await send(path, request, 'application/json');
  if (!response.ok) throw await failureOf(response, request);
  const parsed = await parseBody(response);
  if (!parsed.ok) throw new ApiError(UNPARSABLE_BODY, response.status, response.statusText, null);
  return parsed.value as T;
}

/** A file the API answered (a statement), and the name its `Content-Disposition` gives it, if any. */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

function filenameOf(disposition: string | null): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * Downloads a file from the API with the same headers and bearer as `apiFetch` (a link cannot carry the
 * bearer); a refusal is the same `ApiError` with the server's JSON body.
 */
export async function apiFetchFile(path: string, request: Omit<ApiRequest, 'body' | 'form'> = {}): Promise<ApiFile> {
  const response = await send(path, request, '*/*');
  if (!response.ok) throw await failureOf(response, request);
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
}
