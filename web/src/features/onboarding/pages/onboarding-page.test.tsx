import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { topicRegistry } from '../../../lib/realtime';
import { useSession, type PractitionerProfile } from '../../../lib/session';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
// The builder's own sharing rule, to see it follow the profile (tests may cross features; code does not).
import { canShare } from '../../protocol-builder/share/share-form-rules';
import { clientProfile, CLIENT_TOKENS, practitionerProfile, PRACTITIONER_TOKENS } from '../testing/fixtures';
import { renderOnboarding } from '../testing/render-onboarding';

const PAGE = '/en/onboarding';
const PROFILE_URL = '*/api/v2/account/practitioners/profile';
const CERTIFICATE_URL = '*/api/v2/account/practitioners/certificate';

/** The practitioner's profile and certificate calls behind MSW, answering like the server. */
function practitionerServer(initial: PractitionerProfile) {
  let profile = initial;
  const uploads: { type: string }[] = [];
  let profileReads = 0;
  server.use(
    http.get(PROFILE_URL, () => {
      profileReads += 1;
      return HttpResponse.json(profile);
    }),
    http.post(CERTIFICATE_URL, async ({ request }) => {
      const file = (await request.formData()).get('file');
      // MSW's File is Node's, not jsdom's: checked by shape rather than instanceof.
      if (file === null || typeof file === 'string') return HttpResponse.json({ message: 'No file.' }, { status: 422 });
      uploads.push({ type: file.type });
      // Long enough to see the form busy while it goes.
      await delay(200);
      profile = {
        ...profile,
        certificate_status: 'pending',
        certificate_uploaded_at: '2026-11-22T10:00:00Z',
        milestones: [...profile.milestones, { id: 2, reached_at: '2026-11-22T10:00:00Z' }],
      };
      return HttpResponse.json(profile);
    }),
  );
  return {
    uploads,
    profileReads: () => profileReads,
    /** Something happens elsewhere (an admin's decision, another device). */
    set(next: PractitionerProfile) {
      profile = next;
    },
  };
}

const milestone = (name: string) => document.querySelector(`[data-milestone="${name}"]`) as HTMLElement;
const stateOf = (name: string) => milestone(name).getAttribute('data-state');
const nextStep = () => screen.getByRole('region', { name: /^Next step:/ });
const certificateStatus = () =>
  within(screen.getByRole('region', { name: 'Your certificate' })).getByRole('status');
const pdf = (name = 'certificate.pdf') =>
  new File(['%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'], name, { type: 'application/pdf' });

/** Stands for the builder's share button: reads the session exactly as the builder does. */
function BuilderSharing() {
  const { user } = useSession();
  return <output data-testid="builder-sharing">{canShare(user?.userTypeId) ? 'sharing on' : 'sharing off'}</output>;
}

afterEach(() => setTokens(null));

describe('onboarding journey of a practitioner', () => {
  it('shows every milestone in journey order, reached or not, and the certificate as next step', async () => {
    practitionerServer(practitionerProfile());
    setTokens(PRACTITIONER_TOKENS);
    await renderOnboarding(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Getting started' })).toBeInTheDocument();
    expect(await screen.findByText('1 of 14 milestones reached')).toBeInTheDocument();
    const order = [...document.querySelectorAll('[data-milestone]')].map((item) => item.getAttribute('data-milestone'));
    expect(order).toEqual([
      'RegistrationComplete',
      'CertificateUploaded',
      'CertificateValidated',
      'OnboardingCallScheduled',
      'ProtocolCreated',
      'FirstProtocolShared',
      'FirstClientInvited',
      'ManageMyPracticeActivated',
      'FifthProtocolShared',
      'FifthClientInvited',
      'TenthProtocolShared',
      'TwentiethClientInvited',
      'HundredthClientInvited',
      'TierID',
    ]);
    expect(milestone('RegistrationComplete')).toHaveTextContent('Registration completeReached on Nov 2, 2026');
    expect(stateOf('CertificateUploaded')).toBe('next');
    expect(milestone('CertificateUploaded')).toHaveTextContent('Certificate uploadedNext step');
    expect(milestone('CertificateUploaded')).toHaveAttribute('aria-current', 'step');
    expect(milestone('CertificateValidated')).toHaveTextContent('Certificate validatedNot reached yet');
    expect(stateOf('OnboardingCallScheduled')).toBe('later');
    expect(milestone('OnboardingCallScheduled')).toHaveTextContent('Coming later');
    for (const open of ['ManageMyPracticeActivated', 'TierID']) {
      expect(stateOf(open)).toBe('open');
      expect(milestone(open)).toHaveTextContent('Not reached yet');
    }
    expect(screen.getAllByText('Coming later')).toHaveLength(1);
    expect(screen.getAllByText('Next step')).toHaveLength(1);

    expect(within(nextStep()).getByRole('heading', { name: 'Next step: Certificate uploaded' })).toBeInTheDocument();
    expect(within(nextStep()).getByLabelText('Certificate file')).toHaveAttribute(
      'accept',
      'application/pdf,.pdf,image/jpeg,.jpg,.jpeg,image/png,.png,image/webp,.webp',
    );
    expect(certificateStatus()).toHaveTextContent('No certificate uploaded yet.');
    expect(screen.getByRole('link', { name: 'Set up your store' })).toHaveAttribute('href', '/en/account/practitioner/store');
  });

  it('refuses a file of the wrong type, an empty or a too large one before sending anything', async () => {
    const api = practitionerServer(practitionerProfile());
    setTokens(PRACTITIONER_TOKENS);
    const user = userEvent.setup({ applyAccept: false });
    await renderOnboarding(PAGE);
    const input = await screen.findByLabelText('Certificate file');
    const upload = screen.getByRole('button', { name: 'Upload certificate' });

    await user.click(upload);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a file first.');

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a PDF, JPEG, PNG or WebP file.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(upload);

    await user.upload(input, new File([], 'empty.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The file is empty.');
    await user.click(upload);

    const large = pdf('large.pdf');
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, large);
    expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 10 MB.');
    await user.click(upload);

    expect(api.uploads).toEqual([]);
    expect(stateOf('CertificateUploaded')).toBe('next');
  });

  it("shows the server's message when it refuses the certificate", async () => {
    practitionerServer(practitionerProfile());
    server.use(
      http.post(CERTIFICATE_URL, () =>
        HttpResponse.json(
          { message: 'The PDF file is damaged or incomplete.', code: 'validation_error', errors: {} },
          { status: 422 },
        ),
      ),
    );
    setTokens(PRACTITIONER_TOKENS);
    const user = userEvent.setup();
    await renderOnboarding(PAGE);

    await user.upload(await screen.findByLabelText('Certificate file'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload certificate' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The PDF file is damaged or incomplete.');
    expect(screen.getByRole('button', { name: 'Upload certificate' })).toBeEnabled();
    expect(stateOf('CertificateUploaded')).toBe('next');
    expect(certificateStatus()).toHaveTextContent('No certificate uploaded yet.');
  });

  it('uploads the certificate, disabled while it goes, then shows it reached and waiting for validation', async () => {
    const api = practitionerServer(practitionerProfile());
    setTokens(PRACTITIONER_TOKENS);
    const user = userEvent.setup();
    await renderOnboarding(PAGE);

    await user.upload(await screen.findByLabelText('Certificate file'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload certificate' }));
    const busy = await screen.findByRole('button', { name: /^Uploading…/ });
    expect(busy).toBeDisabled();
    expect(screen.getByLabelText('Certificate file')).toBeDisabled();

    await waitFor(() => expect(stateOf('CertificateUploaded')).toBe('reached'));
    // One multipart POST with the file as `file` (jsdom's FormData reaches MSW without its file name and
    // bytes, so only its part and type are checked here; the browser test sends a real PDF).
    expect(api.uploads.map((upload) => upload.type)).toEqual(['application/pdf']);
    expect(milestone('CertificateUploaded')).toHaveTextContent('Reached on Nov 22, 2026');
    expect(stateOf('CertificateValidated')).toBe('next');
    expect(within(nextStep()).getByRole('heading')).toHaveTextContent('Next step: Certificate validated');
    expect(nextStep()).toHaveTextContent('We are checking your certificate.');
    expect(within(nextStep()).queryByLabelText('Certificate file')).not.toBeInTheDocument();
    expect(certificateStatus()).toHaveTextContent('Uploaded on Nov 22, 2026, waiting for validation.');
    expect(screen.getByText('2 of 14 milestones reached')).toBeInTheDocument();
  });

  it('follows the admin live: profile.updated validates the certificate here and turns sharing on in the builder', async () => {
    const pending = practitionerProfile({
      certificate_status: 'pending',
      certificate_uploaded_at: '2026-11-20T08:00:00Z',
      milestones: [
        { id: 1, reached_at: '2026-11-02T09:30:00Z' },
        { id: 2, reached_at: '2026-11-20T08:00:00Z' },
      ],
    });
    const api = practitionerServer(pending);
    setTokens(PRACTITIONER_TOKENS);
    await renderOnboarding(PAGE, <BuilderSharing />);
    await waitFor(() => expect(stateOf('CertificateValidated')).toBe('next'));
    expect(screen.getByTestId('builder-sharing')).toHaveTextContent('sharing off');
    const reads = api.profileReads();

    // An admin validates the certificate: the server makes the practitioner certified (type 2).
    api.set({
      ...pending,
      user_type_id: 2,
      certificate_status: 'validated',
      can_share: true,
      milestones: [...pending.milestones, { id: 3, reached_at: '2026-11-22T11:00:00Z' }],
    });
    act(() =>
      topicRegistry.dispatch({
        topic: 'profile.updated',
        data: { user_type_id: 2, certificate_status: 'validated' },
        seq: 12,
      }),
    );

    await waitFor(() => expect(stateOf('CertificateValidated')).toBe('reached'));
    expect(api.profileReads()).toBe(reads + 1);
    expect(milestone('CertificateValidated')).toHaveTextContent('Reached on Nov 22, 2026');
    expect(certificateStatus()).toHaveTextContent('Validated: you can share protocols with your clients.');
    expect(screen.getByTestId('builder-sharing')).toHaveTextContent('sharing on');
    expect(stateOf('ProtocolCreated')).toBe('next');
    expect(within(nextStep()).getByRole('heading')).toHaveTextContent('Next step: First protocol created');
    expect(within(nextStep()).getByRole('link', { name: 'Go to the products' })).toHaveAttribute('href', '/en/products');
  });

  it('refetches on milestones.updated, e.g. a protocol created on another device', async () => {
    const validated = practitionerProfile({ user_type_id: 2, certificate_status: 'validated', can_share: true });
    const api = practitionerServer(validated);
    setTokens({ ...PRACTITIONER_TOKENS, userTypeId: 2 });
    await renderOnboarding(PAGE);
    await waitFor(() => expect(stateOf('ProtocolCreated')).toBe('next'));

    api.set({ ...validated, milestones: [...validated.milestones, { id: 5, reached_at: '2026-11-22T12:00:00Z' }] });
    act(() => topicRegistry.dispatch({ topic: 'milestones.updated', data: { milestone_id: 5 }, seq: 3 }));

    await waitFor(() => expect(stateOf('ProtocolCreated')).toBe('reached'));
    expect(stateOf('FirstProtocolShared')).toBe('next');
    expect(nextStep()).toHaveTextContent('Share a protocol with a client, by e-mail or by link, from the protocol builder.');
  });

  it('offers a new upload when the certificate was rejected', async () => {
    practitionerServer(
      practitionerProfile({
        certificate_status: 'rejected',
        certificate_uploaded_at: '2026-11-20T08:00:00Z',
        milestones: [
          { id: 1, reached_at: '2026-11-02T09:30:00Z' },
          { id: 2, reached_at: '2026-11-20T08:00:00Z' },
        ],
      }),
    );
    setTokens(PRACTITIONER_TOKENS);
    await renderOnboarding(PAGE);

    await waitFor(() => expect(stateOf('CertificateValidated')).toBe('next'));
    expect(certificateStatus()).toHaveTextContent('Not accepted: please upload a new certificate.');
    expect(nextStep()).toHaveTextContent('Your certificate could not be validated.');
    expect(within(nextStep()).getByLabelText('Certificate file')).toBeInTheDocument();
  });

  it('says so, with a retry, when the profile cannot be read', async () => {
    let fail = true;
    server.use(
      http.get(PROFILE_URL, () =>
        fail ? HttpResponse.json({ message: 'Down.' }, { status: 503 }) : HttpResponse.json(practitionerProfile()),
      ),
    );
    setTokens(PRACTITIONER_TOKENS);
    // The session logs the failed fetch.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderOnboarding(PAGE);

    expect(await screen.findByText('Your journey could not be loaded.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Profile fetch failed', expect.anything());
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 of 14 milestones reached')).toBeInTheDocument();
  });
});

describe('onboarding for everyone else', () => {
  it('explains onboarding to a visitor and links to both registrations', async () => {
    await renderOnboarding(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Getting started' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register as a practitioner' })).toHaveAttribute(
      'href',
      '/en/auth/register?as=practitioner',
    );
    expect(screen.getByRole('link', { name: 'Register as a client' })).toHaveAttribute('href', '/en/auth/register?as=client');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/en/login?next=%2Fonboarding');
    expect(document.querySelector('[data-milestone]')).toBeNull();
  });

  it("shows a client their short journey, with their practitioner and a way to their protocols", async () => {
    server.use(http.get('*/api/v2/account/clients/profile', () => HttpResponse.json(clientProfile())));
    setTokens(CLIENT_TOKENS);
    await renderOnboarding('/en/onboarding');

    expect(await screen.findByText('Connected to Clara Whitfield')).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Onboarding milestones' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual(['reached', 'reached', 'open']);
    expect(steps[2]).toHaveTextContent('Open the protocols shared with you');
    expect(screen.getByRole('link', { name: 'My protocols' })).toHaveAttribute('href', '/en/account/client/protocols');
    expect(screen.queryByLabelText('Certificate file')).not.toBeInTheDocument();
  });

  it('asks a client without a practitioner yet to have one share a protocol', async () => {
    server.use(
      http.get('*/api/v2/account/clients/profile', () => HttpResponse.json(clientProfile({ practitioners: [] }))),
    );
    setTokens(CLIENT_TOKENS);
    await renderOnboarding('/en/onboarding');

    expect(
      await screen.findByText('Ask your practitioner to share a protocol with the e-mail address of this account.'),
    ).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Onboarding milestones' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual(['reached', 'next', 'open']);
  });

  it('keeps the old register URL working: /onboarding/register-as leads to the register forms', async () => {
    const { router } = await renderOnboarding('/de/onboarding/register-as');

    expect(await screen.findByRole('heading', { level: 1, name: 'Als Therapeut registrieren' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/de/onboarding/register-as');
    expect(screen.getByRole('link', { name: 'Therapeutenkonto erstellen' })).toHaveAttribute(
      'href',
      '/de/auth/register?as=practitioner',
    );
    expect(screen.getByRole('link', { name: 'Klientenkonto erstellen' })).toHaveAttribute('href', '/de/auth/register?as=client');
  });

  it('sends any other path inside the section to the journey', async () => {
    const { router } = await renderOnboarding('/en/onboarding/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting started' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/onboarding');
  });
});
