import { describe, expect, it, vi } from 'vitest';

import { prefetch, PREFETCH_LIFETIME_MS, takePrefetched } from './prefetch';

describe('prefetch', () => {
  it('hands the prefetched reply to the first fetcher with the same key, once', async () => {
    const early = vi.fn(() => Promise.resolve('early'));
    const late = vi.fn(() => Promise.resolve('late'));
    prefetch(['thing', 1, 'en'], early);

    await expect(takePrefetched(['thing', 1, 'en'], late)).resolves.toBe('early');
    await expect(takePrefetched(['thing', 1, 'en'], late)).resolves.toBe('late');
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('asks once while a reply for the key is waiting', () => {
    const fetcher = vi.fn(() => Promise.resolve('reply'));
    prefetch(['once'], fetcher);
    prefetch(['once'], fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    void takePrefetched(['once'], fetcher);
  });

  it('keeps other keys apart', async () => {
    prefetch(['list', 'de'], () => Promise.resolve('de'));
    await expect(takePrefetched(['list', 'en'], () => Promise.resolve('en'))).resolves.toBe('en');
    await expect(takePrefetched(['list', 'de'], () => Promise.resolve('fresh'))).resolves.toBe('de');
  });

  it('lets a reply nobody took expire instead of serving it as fresh later', async () => {
    const start = 1_000_000;
    prefetch(['stale'], () => Promise.resolve('old'), start);
    await expect(
      takePrefetched(['stale'], () => Promise.resolve('new'), start + PREFETCH_LIFETIME_MS),
    ).resolves.toBe('new');
  });

  it('passes a failed prefetch on to the hook without an unhandled rejection before', async () => {
    prefetch(['broken'], () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takePrefetched(['broken'], () => Promise.resolve('retry'))).rejects.toThrow('offline');
    await expect(takePrefetched(['broken'], () => Promise.resolve('retry'))).resolves.toBe('retry');
  });
});
