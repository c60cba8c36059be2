// The onboarding journey (docs/decisions/0014-practitioner-stores-on-the-web-store-editor.md). 1:
// practitioner@ (certificate none) opens /en/onboarding, sees registration reached and the certificate as the
// next step, uploads a small real PDF and sees the step reached and the certificate waiting for validation
// (the only state left behind: practitioner@'s certificate pending; no other browser test relies on it having
// none). 2, with the server's e-mail folder: a new practitioner registers from /onboarding/register-as,
// activates, goes from the welcome screen to the journey, uploads, and an admin validates in /admin/: the
// open page follows live (profile.updated), the account menu says certified. That practitioner is new, so no
// demo user changes type.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { BASE_URL, locale, openBrowser } from './browser.mjs';
import { activationPath, MAIL_DIR } from './mail.mjs';
import { api, LIVE_MS, openDevice, PASSWORD, signIn } from './devices.mjs';

const texts = locale('en', 'onboarding');
const auth = locale('en', 'auth');

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

/** Picks the certificate file in the next-step card and uploads it. */
async function uploadCertificate(page, step) {
  const next = page.getByRole('region', { name: fill(texts.next.title, { step }) });
  await next.getByLabel(texts.certificate.label).setInputFiles({
    name: 'certificate.pdf',
    mimeType: 'application/pdf',
    buffer: minimalPdf(),
  });
  await next.getByRole('button', { name: texts.certificate.upload }).click();
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
    assert.equal(await milestone(page, 'OnboardingCallScheduled').getAttribute('data-state'), 'later');
    for (const open of ['ManageMyPracticeActivated', 'TierID']) {
      assert.equal(await milestone(page, open).getAttribute('data-state'), 'open', open);
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

  test(
    'a new practitioner registers, uploads the certificate, and sees an admin validate it live',
    { skip: MAIL_DIR ? false : 'E2E_MAIL_DIR (the server e-mail folder) is not set' },
    async () => {
      const admin = await openDevice();
      const practitioner = await openDevice();
      try {
        const { page } = practitioner;
        const address = `e2e-onboarding-${Date.now()}@example.com`;
        // The old register URL's target, then the practitioner form of the auth screens.
        await page.goto(`${BASE_URL}/en/onboarding/register-as`);
        await page.getByRole('heading', { level: 1, name: texts['register-as'].title }).waitFor();
        await page.getByRole('link', { name: texts['register-as'].register }).click();
        await page.getByRole('heading', { level: 1, name: auth.register['title-practitioner'] }).waitFor();
        await page.getByLabel(auth.fields['first-name']).fill('Nora');
        await page.getByLabel(auth.fields['last-name']).fill('Newcomer');
        await page.getByLabel(auth.fields.email).fill(address);
        await page.getByLabel(auth.fields.password, { exact: true }).fill('Strong-pass-2026!');
        for (const field of ['health-profession', 'expertise-level', 'organisation-type']) {
          await page.getByLabel(auth.fields[field]).selectOption({ index: 1 });
        }
        await page.getByRole('main').getByRole('button', { name: auth.register.submit }).click();
        await page.waitForURL((url) => url.pathname === '/en/auth/registered');

        await page.goto(`${BASE_URL}${await activationPath(address)}`);
        await page.waitForURL((url) => url.pathname === '/en/auth/welcome/practitioner');
        await page.getByRole('link', { name: auth['welcome-journey']['practitioner-cta'] }).click();
        await page.waitForURL((url) => url.pathname === '/en/onboarding');
        // Recorded at activation, so with its date.
        await stateIs(page, 'RegistrationComplete', 'reached');
        assert.match(
          await milestone(page, 'RegistrationComplete').innerText(),
          new RegExp(fill(texts.journey['reached-on'], { date: '.+' })),
        );
        await stateIs(page, 'CertificateUploaded', 'next');
        await uploadCertificate(page, texts.milestones.CertificateUploaded);
        await stateIs(page, 'CertificateValidated', 'next');
        const menu = page.getByRole('banner');
        await menu.getByText(auth['user-types'].practitioner, { exact: true }).waitFor();

        // An admin validates the certificate in the admin site, on another device.
        const { page: desk } = admin;
        await desk.goto(`${BASE_URL}/admin/login/?next=/admin/accounts/practitionerprofile/`);
        await desk.locator('input[name="username"]').fill('admin@demo.shop');
        await desk.locator('input[name="password"]').fill(PASSWORD);
        await desk.locator('input[type="submit"]').click();
        await desk.goto(`${BASE_URL}/admin/accounts/practitionerprofile/?q=${encodeURIComponent(address)}`);
        const rows = desk.locator('#result_list tbody tr');
        assert.equal(await rows.count(), 1);
        await rows.first().locator('input[name="_selected_action"]').check();
        await desk.locator('select[name="action"]').selectOption('validate_certificates');
        await desk.locator('button[name="index"], input[name="index"]').first().click();
        await desk.waitForLoadState();

        // The practitioner's open page follows without a reload.
        await stateIs(page, 'CertificateValidated', 'reached');
        await stateIs(page, 'ProtocolCreated', 'next');
        await page.locator('[data-status="validated"]').waitFor({ timeout: LIVE_MS });
        await menu.getByText(auth['user-types']['certified-practitioner'], { exact: true }).waitFor({ timeout: LIVE_MS });
        const profile = await api(page, 'GET', '/v2/account/practitioners/profile');
        assert.equal(profile.user_type_id, 2);
        assert.equal(profile.can_share, true);
        assert.deepEqual(practitioner.errors, []);
      } finally {
        await admin.browser.close();
        await practitioner.browser.close();
      }
    },
  );
});

describe('onboarding and account screens, accessibility (axe-core)', () => {
  const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser({ bypassCSP: true });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });

  after(async () => {
    await browser?.close();
  });

  async function seriousViolations(screen) {
    await page.waitForLoadState('networkidle');
    await page.addScriptTag({ path: AXE });
    const found = await page.evaluate(async () => {
      const result = await globalThis.axe.run(globalThis.document, { resultTypes: ['violations'] });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    });
    return found.map((violation) => `${screen} ${violation}`);
  }

  test('no serious or critical violation signed out, on the journey of a certified practitioner and on the account hub', async () => {
    const found = [];
    for (const screen of ['/en/onboarding', '/en/onboarding/register-as']) {
      await page.goto(`${BASE_URL}${screen}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      found.push(...(await seriousViolations(screen)));
    }
    // certified@: only read here, nothing uploaded.
    await signIn(page, 'certified@demo.shop');
    await page.goto(`${BASE_URL}/en/onboarding`);
    await page.locator('[data-milestone]').first().waitFor();
    found.push(...(await seriousViolations('/en/onboarding (certified)')));
    await page.goto(`${BASE_URL}/en/account`);
    await page.getByRole('link', { name: locale('en').account['onboarding-link'] }).waitFor();
    found.push(...(await seriousViolations('/en/account (certified)')));
    assert.deepEqual(found, []);
  });
});
