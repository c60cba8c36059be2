import { describe, expect, it } from 'vitest';

import { practitionerProfile } from '../testing/fixtures';
import { journeyOf } from './journey';

const states = (profile = practitionerProfile()) =>
  Object.fromEntries(journeyOf(profile).steps.map((step) => [step.name, step.next ? 'next' : step.reached ? 'reached' : '-']));

describe('journeyOf', () => {
  it('given a practitioner who just registered, then registration is reached and the certificate is next', () => {
    const journey = journeyOf(practitionerProfile());
    expect(journey.reachedCount).toBe(1);
    expect(journey.total).toBe(14);
    expect(journey.next?.name).toBe('CertificateUploaded');
    expect(journey.steps[0]).toMatchObject({ name: 'RegistrationComplete', reached: true, reachedAt: '2026-11-02T09:30:00Z' });
    expect(journey.certificate).toBe('none');
  });

  it('given an account whose milestones were never recorded, when the profile shows them, then they count as reached', () => {
    // The demo seed: certified, one client, no milestone rows.
    const journey = journeyOf(
      practitionerProfile({ user_type_id: 2, certificate_status: 'validated', clients_count: 5, milestones: [] }),
    );
    const reached = journey.steps.filter((step) => step.reached);
    expect(reached.map((step) => [step.name, step.reachedAt])).toEqual([
      ['RegistrationComplete', null],
      ['CertificateUploaded', null],
      ['CertificateValidated', null],
      // A client comes only from a share: a protocol was created and shared.
      ['ProtocolCreated', null],
      ['FirstProtocolShared', null],
      ['FirstClientInvited', null],
      ['FifthClientInvited', null],
    ]);
    // A client's order that earns commission comes next: the server records it (the profile cannot show it).
    expect(journey.next?.name).toBe('ManageMyPracticeActivated');
    expect(journey.next?.action).toBe('order');
  });

  it('given a pending certificate without its milestone, then the upload date stands for it and validation is next', () => {
    const journey = journeyOf(
      practitionerProfile({ certificate_status: 'pending', certificate_uploaded_at: '2026-11-20T08:00:00Z' }),
    );
    expect(journey.steps[1]).toMatchObject({ name: 'CertificateUploaded', reached: true, reachedAt: '2026-11-20T08:00:00Z' });
    expect(journey.next?.name).toBe('CertificateValidated');
    expect(journey.certificate).toBe('pending');
  });

  it('never offers a milestone the product cannot reach yet as the next step', () => {
    const all = [1, 2, 3, 5, 14, 10, 9, 7, 11, 8, 12, 13, 4].map((id) => ({ id, reached_at: '2026-11-22T10:00:00Z' }));
    const journey = journeyOf(practitionerProfile({ milestones: all, certificate_status: 'validated', user_type_id: 2 }));
    expect(journey.next).toBeNull();
    expect(journey.reachedCount).toBe(13);
    expect(states(practitionerProfile({ milestones: all }))).toMatchObject({ OnboardingCallScheduled: '-' });
  });

  it('after every share and invite, a client order that earns comes first, the first payout last', () => {
    const shared = [1, 2, 3, 5, 14, 10, 7, 11, 8, 12, 13].map((id) => ({ id, reached_at: '2026-11-22T10:00:00Z' }));
    const profile = (milestones: { id: number; reached_at: string }[]) =>
      practitionerProfile({ milestones, certificate_status: 'validated', user_type_id: 2 });
    expect(journeyOf(profile(shared)).next).toMatchObject({ name: 'ManageMyPracticeActivated', action: 'order' });
    const ordered = [...shared, { id: 9, reached_at: '2026-11-23T10:00:00Z' }];
    expect(journeyOf(profile(ordered)).next).toMatchObject({ name: 'TierID', action: 'payout', phase: 'grow' });
  });

  it('takes an unknown certificate status as none', () => {
    expect(journeyOf(practitionerProfile({ certificate_status: 'lost' })).certificate).toBe('none');
  });
});
