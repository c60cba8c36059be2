const RELOAD_MARK = 'section-load-reloaded-at';
const RELOAD_WINDOW_MS = 10_000;

interface LazySectionDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  now?: () => number;
}

/**
 * Wraps a route's `lazy` import. A section chunk that fails to load (usually a deploy that
 * replaced the hashed files) reloads the page once (spec: docs/spec-coverage.md#s8-failed-load-page-section);
 * a second failure within ten seconds is thrown to the error screen instead of reloading forever.
 */
export function lazySection<T>(load: () => Promise<T>, deps: LazySectionDeps = {}): () => Promise<T> {
  const {
    storage = window.sessionStorage,
    reload = () => {
      window.location.reload();
    },
    now = Date.now,
  } = deps;
  return async () => {
    try {
      return await load();
    } catch (error) {
      const last = Number(storage.getItem(RELOAD_MARK) ?? 0);
      if (now() - last < RELOAD_WINDOW_MS) throw error;
      storage.setItem(RELOAD_MARK, String(now()));
      reload();
      // The page is going away; keep the navigation pending until it does.
      return new Promise<never>(() => undefined);
    }
  };
}
