import type { Store, StoreService } from '../api/types';

export function service(id: number, name: string, order: number, overrides: Partial<StoreService> = {}): StoreService {
  return { id, name, description: `${name} description`, icon: 'leaf', order, ...overrides };
}

/** A store as `GET /v2/account/store` answers it, with a name, a header and two services. */
export function store(overrides: Partial<Store> = {}): Store {
  return {
    id: 5,
    type: 'individual',
    theme: 'classic',
    shop_name: 'okafor-nutrition',
    shop_path: '/store/okafor-nutrition',
    header: { title: 'Okafor Nutrition', description: 'Food first.', image: null },
    about: { title: '', description: '', image: null },
    message: '',
    services_header: { title: '', description: '' },
    services: [service(11, 'First consultation', 1), service(12, 'Follow-up', 2)],
    packages: [],
    contact: { description: '' },
    opening_hours: [],
    timezone: '',
    approach: { title: '', description: '', image_1: null, image_2: null },
    show_protocols: false,
    payout_method: 'not_set',
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-20T08:00:00Z',
    ...overrides,
  };
}
