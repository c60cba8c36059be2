import { http, HttpResponse } from 'msw';

import type { Store, StorePackage } from '../api/types';
import { store } from './fixtures';

export interface Call {
  method: string;
  path: string;
  body?: unknown;
}

const NO_STORE = { message: 'You have no store yet: create it with a type and a theme first.', code: 'not_found', errors: {} };

/**
 * The store calls for MSW (the test passes `handlers` to its `server.use`; this file stays out of the
 * test-only imports so the app's type check can read it), answering like the server from an in-memory store (null: not created yet).
 * Every call is recorded (method, path after /api, JSON body) for exact assertions.
 */
export function fakeStoreApi(initial: Store | null) {
  let current = initial;
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const path = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
    let body: unknown;
    if ((request.headers.get('content-type') ?? '').includes('application/json')) body = await request.clone().json();
    calls.push({ method: request.method, path, body });
  };
  const reply = () => (current ? HttpResponse.json(current) : HttpResponse.json(NO_STORE, { status: 404 }));

  const handlers = [
    http.get('*/api/v2/account/store', async ({ request }) => {
      await record(request);
      return reply();
    }),
    http.post('*/api/v2/account/store', async ({ request }) => {
      await record(request);
      const { type, theme } = (await request.json()) as Pick<Store, 'type' | 'theme'>;
      current = store({ type, theme, shop_name: null, shop_path: null, header: { title: '', description: '', image: null }, services: [] });
      return HttpResponse.json(current, { status: 201 });
    }),
    http.put('*/api/v2/account/store/header', async ({ request }) => {
      await record(request);
      const { title, description } = (await request.json()) as { title: string; description: string };
      if (current) current = { ...current, header: { ...current.header, title: title.trim(), description: description.trim() } };
      return reply();
    }),
    http.put('*/api/v2/account/store/services/:id/reorder', async ({ request, params }) => {
      await record(request);
      const { order } = (await request.json()) as { order: number };
      if (current) {
        const services = current.services.filter((item) => item.id !== Number(params.id));
        const moved = current.services.find((item) => item.id === Number(params.id));
        if (moved) services.splice(order - 1, 0, moved);
        current = { ...current, services: services.map((item, index) => ({ ...item, order: index + 1 })) };
      }
      return HttpResponse.json(current?.services ?? []);
    }),
    http.post('*/api/v2/account/store/packages', async ({ request }) => {
      await record(request);
      const input = (await request.json()) as { name: string; description: string; price: string; features: string[] };
      const id = 30 + (current?.packages.length ?? 0);
      const created: StorePackage = {
        id,
        order: (current?.packages.length ?? 0) + 1,
        name: input.name.trim(),
        description: input.description.trim(),
        price: input.price.trim(),
        image: null,
        features: input.features.map((text, index) => ({ feature_id: 100 + index, text })),
      };
      if (current) current = { ...current, packages: [...current.packages, created] };
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post('*/api/v2/account/store/packages/:id/features', async ({ request, params }) => {
      await record(request);
      const { text } = (await request.json()) as { text: string };
      const pack = current?.packages.find((item) => item.id === Number(params.id));
      if (!current || !pack) return HttpResponse.json({ message: 'There is no such package in your store.' }, { status: 404 });
      const next = { ...pack, features: [...pack.features, { feature_id: 200 + pack.features.length, text: text.trim() }] };
      current = { ...current, packages: current.packages.map((item) => (item.id === pack.id ? next : item)) };
      return HttpResponse.json(next, { status: 201 });
    }),
  ];

  return {
    handlers,
    calls,
    /** Calls other than the store's GETs. */
    writes: () => calls.filter((call) => call.method !== 'GET'),
    gets: () => calls.filter((call) => call.method === 'GET' && call.path === '/v2/account/store').length,
    /** Changes the store as another device would. */
    set(next: Store) {
      current = next;
    },
    get: () => current,
  };
}
