import { useEffect } from 'react';

/**
 * Spec docs/spec-coverage.md#s4-screen-kept-awake-while: while signed in, the screen is kept awake as long as
 * the page is visible. Browsers drop a wake lock whenever the page is hidden, so it is taken again each time
 * the page shows. Where the Wake Lock API is missing or refuses (battery saver, no secure context) the screen
 * simply may sleep.
 */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    const wakeLock = navigator.wakeLock;
    let sentinel: WakeLockSentinel | null = null;
    let requesting = false;
    let disposed = false;

    const release = () => {
      const held = sentinel;
      sentinel = null;
      held?.release().catch(() => undefined);
    };
    const acquire = async () => {
      if (disposed || sentinel || requesting || document.visibilityState !== 'visible') return;
      requesting = true;
      try {
        const granted = await wakeLock.request('screen');
        // Hidden or unmounted while the request was pending: do not keep a lock nobody will release.
        if (disposed || document.visibilityState !== 'visible') {
          granted.release().catch(() => undefined);
          return;
        }
        sentinel = granted;
        granted.addEventListener('release', () => {
          if (sentinel === granted) sentinel = null;
        });
      } catch {
        // Refused: nothing to do, the page works the same without it.
      } finally {
        requesting = false;
      }
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void acquire();
      else release();
    };

    document.addEventListener('visibilitychange', onVisibilityChange);
    void acquire();
    return () => {
      disposed = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      release();
    };
  }, [active]);
}
