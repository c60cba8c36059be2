import { useCallback, useRef, useState } from 'react';

import { DEVICE_HEADER, deviceId } from '../../../lib/api/device-id';
import { ApiError, TOKENS_EXPIRED, UNPARSABLE_BODY } from '../../../lib/api/http';
import { useCurrentLanguage } from '../../../lib/i18n';
import { toAcceptLanguage } from '../../../lib/languages';
import type { PractitionerProfile } from '../../../lib/session';
import { getRegion } from '../../../lib/session/region';
import { getTokens, setTokens } from '../../../lib/session/token-store';
import { CERTIFICATE_PATH } from './keys';
import { useStoreProfile } from './store-profile';

export interface UploadOptions {
  /** Called with 0..1 as the file goes up (when the browser knows the total). */
  onProgress?: (fraction: number) => void;
  /** The language of the server's messages (`zh_tw` is sent as `zh-tw`). */
  language?: string;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * `POST /v2/account/practitioners/certificate` (multipart, field `file`): stores the certificate for an
 * admin to validate and answers the whole practitioner profile. Sent with XMLHttpRequest rather than
 * the JSON `apiFetch`, for the upload's progress; the same headers, the same `ApiError`s, and the same
 * spec rule (docs/spec-coverage.md#s8-401-auth-required-call: a 401 on an auth-required call clears the
 * tokens).
 */
export function uploadCertificate(file: File, options: UploadOptions = {}): Promise<PractitionerProfile> {
  const tokens = getTokens();
  if (!tokens) return Promise.reject(new ApiError('Unauthorized', 401, 'Unauthorized', null));
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${CERTIFICATE_PATH}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.language) xhr.setRequestHeader('Accept-Language', toAcceptLanguage(options.language));
    xhr.setRequestHeader('X-Region', getRegion());
    xhr.setRequestHeader(DEVICE_HEADER, deviceId());
    xhr.setRequestHeader('Authorization', `Bearer ${tokens.accessToken}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    xhr.onload = () => {
      const parsed = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        if (!parsed.ok) reject(new ApiError(UNPARSABLE_BODY, xhr.status, xhr.statusText, null));
        else resolve(parsed.value as PractitionerProfile);
        return;
      }
      const body = parsed.ok ? parsed.value : null;
      if (xhr.status === 401) {
        setTokens(null);
        reject(new ApiError(TOKENS_EXPIRED, 401, xhr.statusText, body));
        return;
      }
      const message = (body as { message?: unknown } | null)?.message;
      reject(new ApiError(typeof message === 'string' ? message : xhr.statusText, xhr.status, xhr.statusText, body));
    };
    xhr.send(form);
  });
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number | null }
  | { status: 'failed'; error: unknown }
  | { status: 'done' };

/**
 * The upload as a screen uses it: its state (progress while it goes, the error when refused) and
 * `upload`, which puts the profile the server answers into the session at once (status pending,
 * milestone 2 reached). A second upload while one is on its way is ignored.
 */
export function useCertificateUpload() {
  const language = useCurrentLanguage();
  const storeProfile = useStoreProfile();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const busy = useRef(false);

  const upload = useCallback(
    async (file: File) => {
      if (busy.current) return;
      busy.current = true;
      setState({ status: 'uploading', progress: null });
      try {
        const profile = await uploadCertificate(file, {
          language,
          onProgress: (progress) => setState({ status: 'uploading', progress }),
        });
        await storeProfile(profile);
        setState({ status: 'done' });
      } catch (error) {
        setState({ status: 'failed', error });
      } finally {
        busy.current = false;
      }
    },
    [language, storeProfile],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, upload, reset };
}
