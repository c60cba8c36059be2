// Test-only: MSW answers the auth tests share (geo lookup, profiles, reference lists).
import { http, HttpResponse } from 'msw';

export const PRACTITIONER_PROFILE = {
  id: 2,
  email: 'certified@demo.shop',
  first_name: 'Clara',
  last_name: 'Whitfield',
  user_type_id: 2,
  language: 'en',
  health_profession: 1,
  expertise_level: 3,
  organisation_type: 1,
  phone: '',
  certificate_status: 'validated',
  certificate_uploaded_at: null,
  can_share: true,
  clients_count: 1,
  milestones: [],
};

export const CLIENT_PROFILE = {
  id: 4,
  email: 'client@demo.shop',
  first_name: 'Cora',
  last_name: 'Lindqvist',
  user_type_id: 4,
  language: 'en',
  phone: '',
  practitioners: [],
};

export const REFERENCE_DATA = {
  health_professions: [
    { id: 1, name: 'Nutritional therapist' },
    { id: 2, name: 'Naturopath' },
  ],
  expertise_levels: [
    { id: 1, name: 'Student practitioner' },
    { id: 3, name: 'Nutritional therapist' },
  ],
  organisation_types: [
    { id: 1, name: 'Own practice (single practitioner)' },
    { id: 4, name: 'Other' },
  ],
};

export const authHandlers = [
  http.post('*/api/v2/account/geoip', () => HttpResponse.json({ country: null, country_code: null })),
  http.get('*/api/v2/account/practitioners/profile', () => HttpResponse.json(PRACTITIONER_PROFILE)),
  http.get('*/api/v2/account/clients/profile', () => HttpResponse.json(CLIENT_PROFILE)),
  http.get('*/api/v2/auth/reference-data', () => HttpResponse.json(REFERENCE_DATA)),
];
