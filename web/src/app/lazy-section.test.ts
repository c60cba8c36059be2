import { describe, expect, it, vi } from 'vitest';

import { lazySection } from './lazy-section';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
  };
}

describe('lazySection', () => {
  it('returns the loaded module', async () => {
    const load = lazySection(() => Promise.resolve({ Component: 'x' }), { storage: memoryStorage() });
    await expect(load()).resolves.toEqual({ Component: 'x' });
  });

  it('reloads the page once when a section fails to load, then shows the error', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let time = 1_000_000;
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

    void lazySection(failing, { storage, reload, now: () => time })();
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });

    time += 2_000;
    await expect(lazySection(failing, { storage, reload, now: () => time })()).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(reload).toHaveBeenCalledTimes(1);

    time += 60_000;
    void lazySection(failing, { storage, reload, now: () => time })();
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(2);
    });
  });
});
