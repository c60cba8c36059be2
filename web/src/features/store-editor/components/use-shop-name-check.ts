import { useEffect, useState } from 'react';

import { checkShopName } from '../api/check-shop-name';
import type { Availability } from '../api/types';

/** How long typing must pause before the name is checked. */
export const CHECK_DELAY_MS = 400;

export type NameCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; result: Availability }
  | { state: 'error' };

/**
 * The availability of `name` as the practitioner types: one `GET .../availability` once typing pauses,
 * the previous check aborted. Nothing is checked for a blank name (spec:
 * docs/spec-coverage.md#s5-shop-name-must-present) or the saved one.
 */
export function useShopNameCheck(name: string, saved: string | null): NameCheck {
  const wanted = name.trim();
  const skip = wanted === '' || wanted.toLowerCase() === (saved ?? '').toLowerCase();
  const [check, setCheck] = useState<NameCheck & { name?: string }>({ state: 'idle' });

  useEffect(() => {
    if (skip) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setCheck({ state: 'checking', name: wanted });
      checkShopName(wanted, controller.signal).then(
        (result) => setCheck({ state: 'done', result, name: wanted }),
        (error: unknown) => {
          if (!controller.signal.aborted) {
            console.warn('Shop name check failed', error);
            setCheck({ state: 'error', name: wanted });
          }
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, skip]);

  if (skip) return { state: 'idle' };
  // A result for an earlier spelling is not shown: the new one is on its way.
  if (check.name !== wanted) return { state: 'checking' };
  return check;
}
