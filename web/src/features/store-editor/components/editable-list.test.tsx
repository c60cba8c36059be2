import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '../../../lib/toast/toast-store';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import type { ServiceInput, StoreService } from '../api/types';
import { fakeStoreApi } from '../testing/fake-store-api';
import { service, store } from '../testing/fixtures';
import { renderEditor } from '../testing/render-page';
import { MAX_SERVICES } from './service-list';

const PRACTITIONER = { accessToken: 'practitioner', refreshToken: 'refresh', userTypeId: 3 };

/** The store behind MSW, with the service calls answering as the server does (or refusing, when asked). */
function servicesServer(services: StoreService[], { refuseAdd = false } = {}) {
  const api = fakeStoreApi(store({ services }));
  const writes: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    ...api.handlers,
    http.post('*/api/v2/account/store/services', async ({ request }) => {
      const body = (await request.json()) as ServiceInput;
      writes.push({ method: 'POST', path: '/v2/account/store/services', body });
      if (refuseAdd) {
        return HttpResponse.json({ message: 'Some fields are not valid.', code: 'validation', errors: { name: ['Too long.'] } }, { status: 422 });
      }
      return HttpResponse.json({ id: 40, order: services.length + 1, ...body } satisfies StoreService, { status: 201 });
    }),
    http.put('*/api/v2/account/store/services/:id', async ({ request, params }) => {
      const body = (await request.json()) as ServiceInput;
      writes.push({ method: 'PUT', path: `/v2/account/store/services/${String(params.id)}`, body });
      const current = services.find((each) => each.id === Number(params.id));
      return HttpResponse.json({ ...current, ...body } as StoreService);
    }),
    http.delete('*/api/v2/account/store/services/:id', ({ params }) => {
      writes.push({ method: 'DELETE', path: `/v2/account/store/services/${String(params.id)}` });
      return HttpResponse.json({ message: 'Deleted.' });
    }),
  );
  return writes;
}

const servicesSection = () => screen.findByRole('region', { name: 'Services' });

describe('the store editor’s editable lists (services shown)', () => {
  beforeEach(() => setTokens(PRACTITIONER));
  afterEach(() => {
    setTokens(null);
    vi.restoreAllMocks();
  });

  it('adds an item: the form is empty again and the new item is listed', async () => {
    // Given a store with one service
    const writes = servicesServer([service(11, 'First consultation', 1)]);
    const user = userEvent.setup();
    await renderEditor();
    const section = await servicesSection();

    // When a service is added
    const add = within(section).getByRole('form', { name: 'Add a service' });
    await user.type(within(add).getByLabelText('Service name'), 'Lab review');
    await user.click(within(add).getByRole('button', { name: 'Add service' }));

    // Then it is created, listed under its name, and the add form is empty
    expect(await within(section).findByRole('form', { name: 'Lab review' })).toBeInTheDocument();
    expect(within(add).getByLabelText('Service name')).toHaveValue('');
    expect(writes).toEqual([
      { method: 'POST', path: '/v2/account/store/services', body: { name: 'Lab review', description: '', icon: 'leaf' } },
    ]);
  });

  it('a refused add shows the field error and keeps what was typed', async () => {
    // Given the server refuses the new service
    servicesServer([], { refuseAdd: true });
    const failed = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    await renderEditor();
    const add = within(await servicesSection()).getByRole('form', { name: 'Add a service' });

    // When one is added
    await user.type(within(add).getByLabelText('Service name'), 'Lab review');
    await user.click(within(add).getByRole('button', { name: 'Add service' }));

    // Then the name keeps its text and says what is wrong
    expect(await within(add).findByText('Too long.')).toBeInTheDocument();
    expect(within(add).getByLabelText('Service name')).toHaveValue('Lab review');
    expect(failed).toHaveBeenCalledWith('Some fields are not valid.');
  });

  it('saves an item on its own: Save is off until a change', async () => {
    // Given two services
    const writes = servicesServer([service(11, 'First consultation', 1), service(12, 'Follow-up', 2)]);
    const user = userEvent.setup();
    await renderEditor();
    const item = within(await servicesSection()).getByRole('form', { name: 'Follow-up' });
    expect(within(item).getByRole('button', { name: 'Save' })).toBeDisabled();

    // When the second one's name is changed and saved
    await user.clear(within(item).getByLabelText('Service name'));
    await user.type(within(item).getByLabelText('Service name'), 'Follow-up call');
    await user.click(within(item).getByRole('button', { name: 'Save' }));

    // Then only that service is sent
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'PUT',
          path: '/v2/account/store/services/12',
          body: { name: 'Follow-up call', description: 'Follow-up description', icon: 'leaf' },
        },
      ]),
    );
  });

  it('deletes an item only after the question is confirmed', async () => {
    // Given two services
    const writes = servicesServer([service(11, 'First consultation', 1), service(12, 'Follow-up', 2)]);
    const user = userEvent.setup();
    await renderEditor();
    const section = await servicesSection();
    const item = within(section).getByRole('form', { name: 'Follow-up' });

    // When Delete is pressed, nothing is sent until the question is answered
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    expect(writes).toEqual([]);
    await user.click(within(item).getByRole('button', { name: 'Yes, delete' }));

    // Then the service is deleted and leaves the list
    await waitFor(() => expect(within(section).queryByRole('form', { name: 'Follow-up' })).not.toBeInTheDocument());
    expect(writes).toEqual([{ method: 'DELETE', path: '/v2/account/store/services/12' }]);
  });

  it('at the limit, the add form gives way to a note', async () => {
    // Given as many services as the server keeps
    servicesServer(Array.from({ length: MAX_SERVICES }, (_, index) => service(100 + index, `Service ${index + 1}`, index + 1)));
    await renderEditor();
    const section = await servicesSection();

    // Then there is no add form, only the note
    expect(within(section).queryByRole('form', { name: 'Add a service' })).not.toBeInTheDocument();
    expect(within(section).getByText(`You have reached the limit of ${MAX_SERVICES} services.`)).toBeInTheDocument();
  });
});
