import { useEffect, useState } from 'react';

/**
 * Spec docs/spec-coverage.md#s9-protocol-search-debounce-500: the protocol and client searches wait 500 ms
 * after the last keystroke.
 */
export const SEARCH_DEBOUNCE_MS = 500;

/** `value` once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
