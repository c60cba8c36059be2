import { describe, expect, it } from 'vitest';

import { CERTIFICATE_MAX_BYTES, checkCertificate } from './certificate-check';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkCertificate', () => {
  it.each([
    file('diploma.pdf', 'application/pdf'),
    file('diploma.jpg', 'image/jpeg'),
    file('diploma.png', 'image/png'),
    file('diploma.webp', 'image/webp'),
    // Some systems give no type: the name decides.
    file('DIPLOMA.PDF', ''),
    file('scan.jpeg', ''),
    file('max.pdf', 'application/pdf', CERTIFICATE_MAX_BYTES),
  ])('accepts $name ($type, $size bytes)', (candidate) => {
    expect(checkCertificate(candidate)).toBeNull();
  });

  it.each([
    [file('notes.txt', 'text/plain'), 'type'],
    [file('photo.heic', 'image/heic'), 'type'],
    [file('diploma.pdf.exe', ''), 'type'],
    [file('diploma.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), 'type'],
    [file('empty.pdf', 'application/pdf', 0), 'empty'],
    [file('huge.pdf', 'application/pdf', CERTIFICATE_MAX_BYTES + 1), 'size'],
  ])('refuses %o as %s', (candidate, problem) => {
    expect(checkCertificate(candidate)).toBe(problem);
  });
});
