// The server's e-mails in the browser tests: the test command points the server's EMAIL_URL at a folder
// (file backend) and tells the tests where (E2E_MAIL_DIR).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MAIL_DIR = process.env.E2E_MAIL_DIR;

/** The first e-mail whose text has every one of `parts`, waiting up to `timeoutMs` for it to be written. */
export async function mailWith(parts, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of await readdir(MAIL_DIR).catch(() => [])) {
      // Quoted-printable bodies break lines with a trailing "=", which is not part of the text.
      const text = (await readFile(join(MAIL_DIR, file), 'utf8')).replace(/=\r?\n/g, '');
      if (parts.every((part) => text.includes(part))) return text;
    }
    if (Date.now() > deadline) throw new Error(`No e-mail with ${parts.join(', ')} in ${MAIL_DIR}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
