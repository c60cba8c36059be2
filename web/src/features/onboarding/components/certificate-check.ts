/** What the server takes (server/accounts/services.py `practitioner_certificate_upload`). */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
export const CERTIFICATE_TYPES: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
};
/** For the file input's `accept`. */
export const CERTIFICATE_ACCEPT = Object.entries(CERTIFICATE_TYPES)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

export type CertificateProblem = 'type' | 'size' | 'empty';

/**
 * Refuses, before anything is sent, a file the server would refuse: not a PDF, JPEG, PNG or WebP
 * (by its type, or by its name when the browser gives no type), empty, or over 10 MB.
 */
export function checkCertificate(file: Pick<File, 'name' | 'size' | 'type'>): CertificateProblem | null {
  const name = file.name.toLowerCase();
  const known = file.type
    ? file.type in CERTIFICATE_TYPES
    : Object.values(CERTIFICATE_TYPES).some((extensions) => extensions.some((extension) => name.endsWith(extension)));
  if (!known) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > CERTIFICATE_MAX_BYTES) return 'size';
  return null;
}
