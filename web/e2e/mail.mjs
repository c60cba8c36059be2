// The server's e-mails in the browser tests: the test command points the server's EMAIL_URL at a folder
// (file backend) and tells the tests where (E2E_MAIL_DIR).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MAIL_DIR = process.env.E2E_MAIL_DIR;

/** Quoted-printable text as it was written: soft line breaks joined, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, '');
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(run.split('=').slice(1).map((hex) => Number.parseInt(hex, 16))).toString('utf8'),
  );
}

/** Every message written so far, decoded; the file backend writes each connection's messages into one
 * file, split by a line of dashes. */
async function messages() {
  const found = [];
  for (const file of await readdir(MAIL_DIR).catch(() => [])) {
    const text = await readFile(join(MAIL_DIR, file), 'utf8');
    found.push(...text.split(/^-{70,}$/m).map(decodeQuotedPrintable));
  }
  return found;
}

/** The first e-mail whose text has every one of `parts`, waiting up to `timeoutMs` for it to be written. */
export async function mailWith(parts, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = (await messages()).find((text) => parts.every((part) => text.includes(part)));
    if (message) return message;
    if (Date.now() > deadline) throw new Error(`No e-mail with ${parts.join(', ')} in ${MAIL_DIR}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path of the account activation link e-mailed to `address`. */
export async function activationPath(address) {
  const mail = await mailWith([`To: ${address}`, '/auth/activate/']);
  const link = mail.match(/https?:\/\/[^\s"<]+(\/[a-z_]+\/auth\/activate\/[\w-]+)/);
  if (!link) throw new Error(`The e-mail to ${address} has no activation link`);
  return link[1];
}
