/**
 * Hands a downloaded file to the browser as a download: an object URL on a temporary link, clicked, then
 * let go (a bearer-authenticated call cannot be a plain link).
 */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
