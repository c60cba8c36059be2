import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../../lib/api/http';
import { useCertificateUpload } from '../api/upload-certificate';
import { CERTIFICATE_ACCEPT, checkCertificate, type CertificateProblem } from './certificate-check';

type Problem = CertificateProblem | 'missing';

const PROBLEM_KEYS = {
  type: 'certificate.error-type',
  size: 'certificate.error-size',
  empty: 'certificate.error-empty',
  missing: 'certificate.error-missing',
} as const;

/**
 * The certificate upload: the file is checked here first (type, size), so a file the server would
 * refuse is never sent; while it goes up the button is disabled and shows the progress; a refusal
 * shows the server's own message. On success the session's profile is the server's answer, so the
 * journey moves on by itself.
 */
export function CertificateForm() {
  const { t } = useTranslation('onboarding');
  const id = useId();
  const { state, upload } = useCertificateUpload();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const uploading = state.status === 'uploading';

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(chosen ? checkCertificate(chosen) : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    if (!file) {
      setProblem('missing');
      return;
    }
    const found = checkCertificate(file);
    setProblem(found);
    if (!found) void upload(file);
  };

  let failure: string | null = null;
  if (state.status === 'failed') {
    const { error } = state;
    failure =
      error instanceof ApiError && error.status >= 400 && error.status < 500
        ? (error.serverMessage ?? error.message)
        : t('certificate.error-network');
  }
  const error = problem ? t(PROBLEM_KEYS[problem]) : failure;
  const percent = state.status === 'uploading' && state.progress !== null ? Math.round(state.progress * 100) : null;

  return (
    <form className="certificate-form" onSubmit={submit} noValidate aria-busy={uploading}>
      <label htmlFor={`${id}-file`} className="certificate-form__label">
        {t('certificate.label')}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        name="file"
        accept={CERTIFICATE_ACCEPT}
        disabled={uploading}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
      />
      <p id={`${id}-hint`} className="certificate-form__hint">
        {t('certificate.hint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="certificate-form__error" role="alert">
          {error}
        </p>
      )}
      {uploading && (
        <progress
          className="certificate-form__progress"
          max={100}
          value={percent ?? undefined}
          aria-label={t('certificate.uploading')}
        />
      )}
      <button type="submit" className="button" disabled={uploading}>
        {uploading
          ? percent !== null
            ? t('certificate.uploading-progress', { percent })
            : t('certificate.uploading')
          : t('certificate.upload')}
      </button>
    </form>
  );
}
