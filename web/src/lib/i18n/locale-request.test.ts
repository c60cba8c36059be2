import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../../testing/msw-server';
import { localeRequest } from './locale-request';

function call(url: string) {
  return new Promise<{ error: unknown; response: unknown }>((resolve) => {
    localeRequest({ requestOptions: {} }, url, {}, (error, response) => {
      resolve({ error, response });
    });
  });
}

describe('localeRequest', () => {
  it('fetches a locale file relative to the page and reports status and text', async () => {
    const { error, response } = await call('/locales/en/common.json');
    expect(error).toBeNull();
    expect(response).toMatchObject({ status: 200 });
    const { data } = response as { data: string };
    expect(JSON.parse(data)).toMatchObject({ nav: { products: 'Products' } });
  });

  it('reports server errors as a status so the loader retries them', async () => {
    server.use(http.get('*/locales/de/common.json', () => new HttpResponse('down', { status: 503 })));
    const { error, response } = await call('/locales/de/common.json');
    expect(error).toBeNull();
    expect(response).toEqual({ status: 503, data: 'down' });
  });

  it('reports network failures as an error', async () => {
    server.use(http.get('*/locales/de/common.json', () => HttpResponse.error()));
    const { error, response } = await call('/locales/de/common.json');
    expect(error).toBeInstanceOf(Error);
    expect(response).toBeNull();
  });
});
