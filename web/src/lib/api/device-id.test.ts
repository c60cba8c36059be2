import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../../testing/msw-server';
import { DEVICE_HEADER, deviceId } from './device-id';
import { apiFetch } from './http';

describe('the device id', () => {
  it('is one id per page load, of the characters the server accepts', () => {
    expect(deviceId()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(deviceId()).toBe(deviceId());
  });

  it('rides along on every API call', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/api/health', ({ request }) => {
        seen.push(request.headers.get(DEVICE_HEADER));
        return HttpResponse.json({ status: 'ok' });
      }),
    );

    await apiFetch('/health');
    await apiFetch('/health');

    expect(seen).toEqual([deviceId(), deviceId()]);
  });
});
