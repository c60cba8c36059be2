import type { ClientProfile, PractitionerProfile } from '../../../lib/session';

/** A plain practitioner (type 3) just registered: no certificate, one milestone. */
export function practitionerProfile(overrides: Partial<PractitionerProfile> = {}): PractitionerProfile {
  return {
    id: 3,
    email: 'practitioner@demo.shop',
    first_name: 'Paul',
    last_name: 'Okafor',
    user_type_id: 3,
    language: 'en',
    health_profession: 1,
    expertise_level: 3,
    organisation_type: 1,
    phone: '',
    certificate_status: 'none',
    certificate_uploaded_at: null,
    can_share: false,
    clients_count: 0,
    milestones: [{ id: 1, reached_at: '2026-11-02T09:30:00Z' }],
    ...overrides,
  };
}

export function clientProfile(overrides: Partial<ClientProfile> = {}): ClientProfile {
  return {
    id: 4,
    email: 'client@demo.shop',
    first_name: 'Chloe',
    last_name: 'Bennett',
    user_type_id: 4,
    language: 'en',
    phone: '',
    practitioners: [{ id: 2, first_name: 'Clara', last_name: 'Whitfield', discount_rate: '10.00' }],
    ...overrides,
  };
}

export const PRACTITIONER_TOKENS = { accessToken: 'practitioner', refreshToken: 'refresh', userTypeId: 3 };
export const CLIENT_TOKENS = { accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 };
