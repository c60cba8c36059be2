import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '../../../lib/toast/toast-store';
import { topicRegistry } from '../../../lib/realtime';
import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { MAX_IMAGE_BYTES } from '../components/image-rules';
import type { Store } from '../api/types';
import { service, store } from '../testing/fixtures';
import { renderEditor } from '../testing/render-page';
import { fakeStoreApi } from '../testing/fake-store-api';

/** The store behind MSW for this test. */
function storeServer(...args: Parameters<typeof fakeStoreApi>) {
  const api = fakeStoreApi(...args);
  server.use(...api.handlers);
  return api;
}

const PRACTITIONER = { accessToken: 'practitioner', refreshToken: 'refresh', userTypeId: 3 };
const CLIENT = { accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 };

const section = (name: string) => screen.getByRole('region', { name });
const findSection = (name: string) => screen.findByRole('region', { name });

describe('store editor page', () => {
  beforeEach(() => setTokens(PRACTITIONER));
  afterEach(() => {
    setTokens(null);
    vi.restoreAllMocks();
  });

  it('signed out: offers the sign-in page, coming back here', async () => {
    // Given no one is signed in
    setTokens(null);
    // When the editor opens
    await renderEditor();
    // Then it asks to sign in and links there with the way back
    expect(await screen.findByRole('heading', { level: 1, name: 'Your store page' })).toBeInTheDocument();
    expect(screen.getByText('Sign in as a practitioner to build your store page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/en/login?next=%2Faccount%2Fpractitioner%2Fstore',
    );
  });

  it('a client is told the store page is for practitioners, and no store call is made', async () => {
    // Given a signed-in client
    setTokens(CLIENT);
    const api = storeServer(store());
    // When the editor opens
    await renderEditor();
    // Then the page explains and calls nothing
    expect(
      await screen.findByText(
        "The store page is for practitioners. As a client you can find your practitioner's page through the link they share with you.",
      ),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('creates the store with the chosen type and theme, then shows the editor', async () => {
    // Given a practitioner without a store
    const api = storeServer(null);
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    await renderEditor();
    const create = await findSection('Create your store');

    // When they pick a clinic with the calm theme and create it
    await user.click(within(create).getByRole('radio', { name: /Clinic/ }));
    await user.click(within(create).getByRole('radio', { name: 'Calm' }));
    await user.click(within(create).getByRole('button', { name: 'Create my store' }));

    // Then one POST {type, theme} is sent and the editor's sections show
    expect(await findSection('Shop name')).toBeInTheDocument();
    expect(api.writes()).toEqual([{ method: 'POST', path: '/v2/account/store', body: { type: 'clinic', theme: 'calm' } }]);
    expect(success).toHaveBeenCalledWith('Your store is ready. Fill in its sections below.');
    for (const name of ['Header', 'About', 'Services', 'Packages', 'Contact', 'Opening hours', 'Approach', 'Message', 'Settings']) {
      expect(section(name)).toBeInTheDocument();
    }
    expect(within(section('Settings')).getByLabelText('Your practice')).toHaveValue('clinic');
    expect(within(section('Settings')).getByLabelText('Look of your page')).toHaveValue('calm');
    expect(screen.getByText('Your page goes online once you save a shop name.')).toBeInTheDocument();
  });

  it('saves the header on its own: Save is off until a change, then PUT /header and a toast', async () => {
    // Given the practitioner's store
    const api = storeServer(store());
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    await renderEditor();
    const header = await findSection('Header');
    const save = within(header).getByRole('button', { name: 'Save' });
    expect(within(header).getByLabelText('Title')).toHaveValue('Okafor Nutrition');
    expect(save).toBeDisabled();

    // When the title and text change and the section is saved
    await user.clear(within(header).getByLabelText('Title'));
    await user.type(within(header).getByLabelText('Title'), 'Okafor Nutrition Clinic');
    await user.clear(within(header).getByLabelText('Text'));
    await user.type(within(header).getByLabelText('Text'), 'Food first, then supplements.');
    expect(save).toBeEnabled();
    expect(within(header).getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(save);

    // Then only the header call is sent, with both fields, and the section is clean again
    await waitFor(() => expect(success).toHaveBeenCalledWith('Header: saved.'));
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/v2/account/store/header',
        body: { title: 'Okafor Nutrition Clinic', description: 'Food first, then supplements.' },
      },
    ]);
    expect(save).toBeDisabled();
    expect(within(header).queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(within(header).getByLabelText('Title')).toHaveValue('Okafor Nutrition Clinic');
    // The other sections stayed as they were
    expect(within(section('About')).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('a 422 shows the field errors under their fields and keeps what was typed', async () => {
    // Given a server that refuses the about section's title as too long
    const api = storeServer(store());
    const error = vi.spyOn(toast, 'error');
    server.use(
      http.put('*/api/v2/account/store/about', () =>
        HttpResponse.json(
          { message: 'This text may be at most 120 characters.', code: 'validation_error', errors: { 'about.title': ['too long'] } },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderEditor();
    const about = await findSection('About');

    // When the practitioner types and saves
    await user.type(within(about).getByLabelText('Title'), 'About Ada');
    await user.type(within(about).getByLabelText('Text'), 'Twenty years of practice.');
    await user.click(within(about).getByRole('button', { name: 'Save' }));

    // Then the title shows the error, the server's message is the toast, and nothing typed is lost
    const title = within(about).getByLabelText('Title');
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('This text is too long.');
    expect(error).toHaveBeenCalledWith('This text may be at most 120 characters.');
    expect(title).toHaveValue('About Ada');
    expect(within(about).getByLabelText('Text')).toHaveValue('Twenty years of practice.');
    expect(within(about).getByLabelText('Text')).not.toHaveAttribute('aria-invalid');
    expect(within(about).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(api.writes()).toEqual([]);
  });

  describe('shop name availability', () => {
    function availability(answer: (name: string) => object) {
      const names: string[] = [];
      server.use(
        http.get('*/api/v2/account/store/availability', ({ request }) => {
          const name = new URL(request.url).searchParams.get('name') ?? '';
          names.push(name);
          return HttpResponse.json({ name, ...answer(name) });
        }),
      );
      return names;
    }

    it('checks once, after typing stops, and says the name is available', async () => {
      // Given the store and an availability check that answers "available"
      storeServer(store({ shop_name: null, shop_path: null }));
      const names = availability(() => ({ available: true, reason: null, message: 'This name is available.' }));
      const user = userEvent.setup();
      await renderEditor();
      const shop = await findSection('Shop name');

      // When a name is typed key by key
      await user.type(within(shop).getByLabelText('Shop name'), 'green-leaf');

      // Then one check is made, for the whole name, and its answer shows
      expect(await within(shop).findByText('green-leaf is available.', {}, { timeout: 2000 })).toBeInTheDocument();
      expect(names).toEqual(['green-leaf']);
      expect(within(shop).getByRole('button', { name: 'Save' })).toBeEnabled();
    });

    it.each([
      ['taken', 'green-leaf is taken. Try another one.'],
      ['reserved', 'green-leaf is reserved. Try another one.'],
      [
        'invalid',
        'This name cannot be used: use 3 to 40 letters a–z, digits and single hyphens, starting and ending with a letter or digit.',
      ],
    ])('shows the %s refusal and keeps Save off', async (reason, text) => {
      // Given an availability check that refuses the name for a reason
      storeServer(store({ shop_name: null, shop_path: null }));
      const names = availability(() => ({ available: false, reason, message: 'Refused.' }));
      const user = userEvent.setup();
      await renderEditor();
      const shop = await findSection('Shop name');

      // When the name is typed
      await user.type(within(shop).getByLabelText('Shop name'), 'green-leaf');

      // Then the reason is shown in the practitioner's words and the name cannot be saved
      expect(await within(shop).findByText(text, {}, { timeout: 2000 })).toBeInTheDocument();
      expect(names).toEqual(['green-leaf']);
      expect(within(shop).getByRole('button', { name: 'Save' })).toBeDisabled();
    });

    it('saves an available name and links to the public page', async () => {
      // Given an available name typed in
      const api = storeServer(store({ shop_name: null, shop_path: null }));
      server.use(
        http.put('*/api/v2/account/store', async ({ request }) => {
          const body = (await request.json()) as { shop_name: string };
          api.calls.push({ method: 'PUT', path: '/v2/account/store', body });
          const saved = store({ shop_name: body.shop_name, shop_path: `/store/${body.shop_name}` });
          api.set(saved);
          return HttpResponse.json(saved);
        }),
      );
      availability(() => ({ available: true, reason: null, message: 'This name is available.' }));
      const user = userEvent.setup();
      await renderEditor();
      const shop = await findSection('Shop name');
      await user.type(within(shop).getByLabelText('Shop name'), 'green-leaf');
      await within(shop).findByText('green-leaf is available.', {}, { timeout: 2000 });

      // When it is saved
      await user.click(within(shop).getByRole('button', { name: 'Save' }));

      // Then the store update carries only the name, and the link to the page appears
      expect(await within(shop).findByRole('link', { name: 'View my store page' })).toHaveAttribute('href', '/en/store/green-leaf');
      expect(api.writes()).toEqual([{ method: 'PUT', path: '/v2/account/store', body: { shop_name: 'green-leaf' } }]);
    });

    it('warns that an emptied name takes the page offline, and checks nothing', async () => {
      // Given a store with a name
      storeServer(store());
      const names = availability(() => ({ available: true, reason: null, message: '' }));
      const user = userEvent.setup();
      await renderEditor();
      const shop = await findSection('Shop name');
      expect(within(shop).getByRole('link', { name: 'View my store page' })).toHaveAttribute('href', '/en/store/okafor-nutrition');

      // When the name is cleared
      await user.clear(within(shop).getByLabelText('Shop name'));

      // Then the warning shows, and no availability call is made for a blank name (spec:
      // docs/spec-coverage.md#s5-shop-name-must-present)
      expect(within(shop).getByRole('alert')).toHaveTextContent('Saving an empty name takes your page offline.');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(names).toEqual([]);
    });
  });

  describe('images', () => {
    it('refuses a file that is not an image, and one over 10 MB, before sending anything', async () => {
      // Given the editor, with any upload recorded
      const api = storeServer(store());
      const uploads: string[] = [];
      server.use(
        http.put('*/api/v2/account/store/:section/image', ({ params }) => {
          uploads.push(String(params.section));
          return HttpResponse.json(store());
        }),
      );
      const user = userEvent.setup({ applyAccept: false });
      await renderEditor();
      const picture = within(await findSection('Header')).getByRole('group', { name: 'Header image' });

      // When a text file is chosen
      await user.upload(within(picture).getByLabelText('Choose an image'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
      // Then it is refused at once
      expect(within(picture).getByRole('alert')).toHaveTextContent('This file is not a JPEG, PNG, WebP or GIF image.');

      // When a PNG over 10 MB is chosen
      const big = new File(['png'], 'big.png', { type: 'image/png' });
      Object.defineProperty(big, 'size', { value: MAX_IMAGE_BYTES + 1 });
      await user.upload(within(picture).getByLabelText('Choose an image'), big);
      // Then it is refused at once too, and nothing was sent
      expect(within(picture).getByRole('alert')).toHaveTextContent('This image is larger than 10 MB.');
      expect(uploads).toEqual([]);
      expect(api.writes()).toEqual([]);
    });

    it('uploads a chosen image as multipart `file` and shows it; a refusal shows the server message', async () => {
      // Given a server that takes the first image and refuses the second
      storeServer(store());
      const sent: { field: string; type: string }[] = [];
      let refuse = false;
      server.use(
        http.put('*/api/v2/account/store/header/image', async ({ request }) => {
          const form = await request.formData();
          for (const [field, value] of form.entries()) sent.push({ field, type: typeof value === 'string' ? 'text' : value.type });
          if (refuse) {
            return HttpResponse.json(
              { message: 'This file is not an image we can read.', code: 'validation_error', errors: { file: ['invalid'] } },
              { status: 422 },
            );
          }
          return HttpResponse.json(store({ header: { title: 'Okafor Nutrition', description: 'Food first.', image: '/media/stores/abc.webp' } }));
        }),
      );
      const user = userEvent.setup();
      await renderEditor();
      const picture = within(await findSection('Header')).getByRole('group', { name: 'Header image' });
      expect(within(picture).getByText('No image yet')).toBeInTheDocument();

      // When a PNG is chosen
      await user.upload(within(picture).getByLabelText('Choose an image'), new File(['png'], 'me.png', { type: 'image/png' }));

      // Then it is sent as the `file` part and the stored image shows
      expect(await within(picture).findByRole('img', { name: 'Current image: Header image' })).toHaveAttribute(
        'src',
        '/media/stores/abc.webp',
      );
      expect(sent).toEqual([{ field: 'file', type: 'image/png' }]);

      // When the server refuses the next one
      refuse = true;
      await user.upload(within(picture).getByLabelText('Replace image'), new File(['gif'], 'x.gif', { type: 'image/gif' }));

      // Then its message shows and the stored image stays
      expect(await within(picture).findByRole('alert')).toHaveTextContent('This file is not an image we can read.');
      expect(within(picture).getByRole('img', { name: 'Current image: Header image' })).toHaveAttribute('src', '/media/stores/abc.webp');
    });
  });

  describe('reordering services', () => {
    const names = () =>
      within(screen.getByRole('list', { name: 'Services, in the order shown on your page' }))
        .getAllByLabelText('Service name')
        .map((input) => (input as HTMLInputElement).value);

    it('moves a service up with its button: PUT .../services/12/reorder {order: 1}', async () => {
      // Given two services
      const api = storeServer(store());
      const user = userEvent.setup();
      await renderEditor();
      await findSection('Services');
      expect(names()).toEqual(['First consultation', 'Follow-up']);
      expect(screen.getByRole('button', { name: 'Move First consultation up' })).toBeDisabled();

      // When the second one is moved up from the keyboard
      screen.getByRole('button', { name: 'Move Follow-up up' }).focus();
      await user.keyboard('{Enter}');

      // Then the new order shows and the reorder call names its new place
      await waitFor(() => expect(names()).toEqual(['Follow-up', 'First consultation']));
      await waitFor(() =>
        expect(api.writes()).toEqual([{ method: 'PUT', path: '/v2/account/store/services/12/reorder', body: { order: 1 } }]),
      );
      // The move is announced to screen readers
      expect(screen.getByText('Follow-up moved to position 1 of 2.')).toHaveAttribute('role', 'status');
    });

    it('moves a service by dragging its handle onto another one', async () => {
      // Given two services
      const api = storeServer(store());
      await renderEditor();
      await findSection('Services');
      const list = screen.getByRole('list', { name: 'Services, in the order shown on your page' });
      const [first, second] = within(list).getAllByRole('listitem');
      const handle = within(second as HTMLElement).getByTitle('Drag to reorder');
      const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '', dropEffect: '' };

      // When the second one's handle is dragged onto the first
      fireEvent.dragStart(handle, { dataTransfer });
      fireEvent.dragOver(first as HTMLElement, { dataTransfer });
      fireEvent.drop(first as HTMLElement, { dataTransfer });
      fireEvent.dragEnd(handle, { dataTransfer });

      // Then it takes the first place, with the same reorder call as the buttons
      await waitFor(() => expect(names()).toEqual(['Follow-up', 'First consultation']));
      await waitFor(() =>
        expect(api.writes()).toEqual([{ method: 'PUT', path: '/v2/account/store/services/12/reorder', body: { order: 1 } }]),
      );
    });

    it('puts the old order back and says so when the server refuses', async () => {
      // Given a server that refuses the reorder
      storeServer(store());
      let release: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (release = resolve));
      server.use(
        http.put('*/api/v2/account/store/services/:id/reorder', async () => {
          await answered;
          return HttpResponse.json(
            { message: 'The new order must list each of your items once.', code: 'validation_error', errors: { order: ['unknown'] } },
            { status: 422 },
          );
        }),
      );
      const error = vi.spyOn(toast, 'error');
      const user = userEvent.setup();
      await renderEditor();
      await findSection('Services');

      // When a service is moved down
      await user.click(screen.getByRole('button', { name: 'Move First consultation down' }));

      // Then it moves at once (optimistic) ...
      await waitFor(() => expect(names()).toEqual(['Follow-up', 'First consultation']));
      // ... and goes back when the refusal arrives, with a toast
      release();
      await waitFor(() => expect(names()).toEqual(['First consultation', 'Follow-up']));
      expect(error).toHaveBeenCalledWith('The new order could not be saved. The previous order is back.');
    });
  });

  it('store.updated refetches the store: clean sections follow, a section being edited keeps its edits', async () => {
    // Given the editor open, with the about section being edited
    const api = storeServer(store());
    const user = userEvent.setup();
    await renderEditor();
    const about = await findSection('About');
    await user.type(within(about).getByLabelText('Title'), 'My own words');
    const before = api.gets();

    // When another device changes the header, the about title and a service, and the event arrives
    api.set(
      store({
        header: { title: 'Okafor Nutrition & Wellbeing', description: 'Food first.', image: null },
        about: { title: 'From the other device', description: '', image: null },
        services: [service(11, 'First consultation (60 min)', 1), service(12, 'Follow-up', 2)],
      }),
    );
    act(() => topicRegistry.dispatch({ topic: 'store.updated', data: { store_id: 5 }, seq: 9 }));

    // Then the store is fetched again; the header and the service follow, the about edits stay
    await waitFor(() => expect(within(section('Header')).getByLabelText('Title')).toHaveValue('Okafor Nutrition & Wellbeing'));
    expect(api.gets()).toBe(before + 1);
    expect(screen.getAllByLabelText('Service name')[0]).toHaveValue('First consultation (60 min)');
    expect(within(about).getByLabelText('Title')).toHaveValue('My own words');
    expect(within(about).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('adds a package, then an item it includes', async () => {
    // Given a store without packages
    const api = storeServer(store());
    const user = userEvent.setup();
    await renderEditor();
    const packages = await findSection('Packages');
    expect(within(packages).getByText('No packages yet. Add your first one below.')).toBeInTheDocument();

    // When a package is added with its name, price and text
    const add = within(packages).getByRole('form', { name: 'Add a package' });
    expect(within(add).getByRole('button', { name: 'Add package' })).toBeDisabled();
    await user.type(within(add).getByLabelText('Package name'), 'Three sessions');
    await user.type(within(add).getByLabelText(/^Price/), '£120 for three sessions');
    await user.type(within(add).getByLabelText('Description'), 'A month of support.');
    await user.click(within(add).getByRole('button', { name: 'Add package' }));

    // Then it is created and listed, and the form is empty again
    const item = await within(packages).findByRole('group', { name: 'Three sessions' });
    expect(within(item).getByLabelText('Package name')).toHaveValue('Three sessions');
    expect(within(add).getByLabelText('Package name')).toHaveValue('');

    // When an included item is added to it
    const included = within(item).getByRole('group', { name: 'What is included in Three sessions' });
    await user.type(within(included).getByLabelText('New item'), 'A written plan');
    await user.click(within(included).getByRole('button', { name: 'Add item' }));

    // Then it shows as the package's first item
    expect(await within(included).findByLabelText('Item 1')).toHaveValue('A written plan');
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/v2/account/store/packages',
        body: { name: 'Three sessions', description: 'A month of support.', price: '£120 for three sessions', features: [] },
      },
      { method: 'POST', path: '/v2/account/store/packages/30/features', body: { text: 'A written plan' } },
    ]);
  });

  it('validates on blur and again on each later blur, not on each key (spec: docs/spec-coverage.md#s5-forms-validate-blur-again)', async () => {
    // Given a store without packages, and a shop-name check that would answer anything
    storeServer(store({ shop_name: null, shop_path: null }));
    server.use(
      http.get('*/api/v2/account/store/availability', ({ request }) =>
        HttpResponse.json({ name: new URL(request.url).searchParams.get('name'), available: true, reason: null, message: '' }),
      ),
    );
    const user = userEvent.setup();
    await renderEditor();
    const add = within(await findSection('Packages')).getByRole('form', { name: 'Add a package' });
    const name = within(add).getByLabelText('Package name');

    // When the required package name is left empty
    await user.click(name);
    await user.tab();

    // Then it says so, tied to the field
    expect(name).toHaveAccessibleDescription('This field is required.');
    expect(name).toHaveAttribute('aria-invalid', 'true');

    // When text is typed, the message stays until the next blur, which clears it
    await user.type(name, 'Three sessions');
    expect(name).toHaveAccessibleDescription('This field is required.');
    await user.tab();
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).not.toHaveAccessibleDescription();

    // And a shop name of the wrong shape is refused on blur, in the practitioner's words
    const shopName = within(await findSection('Shop name')).getByLabelText('Shop name');
    await user.type(shopName, 'a!');
    await user.tab();
    expect(shopName).toHaveAttribute('aria-invalid', 'true');
    expect(within(await findSection('Shop name')).getByText(/^Use 3 to 40 letters/)).toBeInTheDocument();
  });

  it('saves opening hours with their time zone in one call', async () => {
    // Given a store without opening hours
    const api = storeServer(store());
    server.use(
      http.put('*/api/v2/account/store/contact', async ({ request }) => {
        const body = (await request.json()) as { opening_hours: Store['opening_hours']; timezone: string };
        api.calls.push({ method: 'PUT', path: '/v2/account/store/contact', body });
        const saved = store({ opening_hours: body.opening_hours, timezone: body.timezone });
        api.set(saved);
        return HttpResponse.json(saved);
      }),
    );
    const user = userEvent.setup();
    await renderEditor();
    const hours = await findSection('Opening hours');
    expect(within(hours).getByText('No opening hours yet.')).toBeInTheDocument();

    // When a Tuesday range is added in Europe/London
    await user.click(within(hours).getByRole('button', { name: 'Add opening hours' }));
    await user.selectOptions(within(hours).getByLabelText('Day'), 'tuesday');
    const opens = within(hours).getByLabelText('Opens');
    await user.clear(opens);
    await user.type(opens, '08:30');
    await user.selectOptions(within(hours).getByLabelText(/^Time zone/), 'Europe/London');
    await user.click(within(hours).getByRole('button', { name: 'Save' }));

    // Then one contact call carries the hours and the zone
    await waitFor(() =>
      expect(api.writes()).toEqual([
        {
          method: 'PUT',
          path: '/v2/account/store/contact',
          body: { opening_hours: [{ day: 'tuesday', opens: '08:30', closes: '17:00' }], timezone: 'Europe/London' },
        },
      ]),
    );
    await waitFor(() => expect(within(hours).getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(within(hours).getByRole('button', { name: 'Remove Tuesday 08:30–17:00' })).toBeInTheDocument();
  });
});
