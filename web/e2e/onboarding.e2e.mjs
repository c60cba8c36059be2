// The onboarding journey (issue 9): practitioner@ (certificate none) opens /en/onboarding, sees registration
// reached and the certificate as the next step, uploads a small real PDF and sees the step reached and the
// certificate waiting for validation. The upload is the only state left behind (practitioner@'s certificate
// pending); no other browser test relies on practitioner@ having none.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale } from './browser.mjs';
import { api, LIVE_MS, openDevice, signIn } from './devices.mjs';

const texts = locale('en', 'onboarding');
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

/** A minimal valid one-page PDF (header, catalog, pages, page, xref table with exact offsets, trailer). */
function minimalPdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << >> >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const milestone = (page, name) => page.locator(`[data-milestone="${name}"]`);

async function stateIs(page, name, state) {
  await page.waitForSelector(`[data-milestone="${name}"][data-state="${state}"]`, { timeout: LIVE_MS });
}

describe('onboarding journey', () => {
  let device;

  before(async () => {
    device = await openDevice();
    await signIn(device.page, 'practitioner@demo.shop');
  });

  after(async () => {
    await device?.browser.close();
  });

  test('a practitioner without a certificate sees it as the next step, uploads it and sees it waiting for validation', async () => {
    const { page } = device;
    const before = await api(page, 'GET', '/v2/account/practitioners/profile');
    assert.equal(before.certificate_status, 'none', 'the demo practitioner starts without a certificate');

    await page.goto(`${BASE_URL}/en/onboarding`);
    await page.getByRole('heading', { level: 1, name: texts.title }).waitFor({ timeout: LIVE_MS });
    await stateIs(page, 'RegistrationComplete', 'reached');
    await stateIs(page, 'CertificateUploaded', 'next');
    assert.equal(await milestone(page, 'CertificateValidated').getAttribute('data-state'), 'open');
    for (const later of ['TierID', 'OnboardingCallScheduled', 'ManageMyPracticeActivated']) {
      assert.equal(await milestone(page, later).getAttribute('data-state'), 'later', later);
    }
    const next = page.getByRole('region', { name: fill(texts.next.title, { step: texts.milestones.CertificateUploaded }) });
    await next.waitFor();
    await page.getByRole('status').filter({ hasText: texts.certificate.none }).waitFor();

    // A file the server would refuse is refused here, before anything is sent.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v2/account/practitioners/certificate')) posts += 1;
    });
    const input = next.getByLabel(texts.certificate.label);
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a certificate') });
    await next.getByRole('alert').filter({ hasText: texts.certificate['error-type'] }).waitFor();
    await next.getByRole('button', { name: texts.certificate.upload }).click();
    assert.equal(posts, 0);

    await input.setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
    await next.getByRole('button', { name: texts.certificate.upload }).click();

    await stateIs(page, 'CertificateUploaded', 'reached');
    await stateIs(page, 'CertificateValidated', 'next');
    assert.equal(posts, 1);
    const uploaded = milestone(page, 'CertificateUploaded');
    assert.match(await uploaded.innerText(), new RegExp(fill(texts.journey['reached-on'], { date: '.+' })));
    await page
      .getByRole('region', { name: fill(texts.next.title, { step: texts.milestones.CertificateValidated }) })
      .getByText(texts.next.pending)
      .waitFor();
    const status = page.locator('[data-status="pending"]');
    await status.waitFor();
    assert.match(await status.innerText(), new RegExp(`^${fill(texts.certificate.pending, { date: '.+' })}$`));

    const profile = await api(page, 'GET', '/v2/account/practitioners/profile');
    assert.equal(profile.certificate_status, 'pending');
    assert.deepEqual(
      profile.milestones.map((reached) => reached.id),
      [2],
      'the server recorded CertificateUploaded (the demo seed records no registration milestone)',
    );

    // Still there after a reload: it came from the server, not from the page.
    await page.reload();
    await stateIs(page, 'CertificateUploaded', 'reached');
    await stateIs(page, 'CertificateValidated', 'next');
    assert.deepEqual(device.errors, []);
  });
});
