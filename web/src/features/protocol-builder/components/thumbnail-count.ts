import { useSyncExternalStore } from 'react';

/**
 * Spec docs/spec-coverage.md#s9-bar-thumbnails: how many product thumbnails a protocol shows by screen width:
 * 8 above 1199.9 px, then 4, 3 and 2 down to 639.9 px, and 5 below (phones lay the card out full width
 * again).
 */
export function thumbnailCountFor(width: number): number {
  if (width > 1199.9) return 8;
  if (width > 1023.9) return 4;
  if (width > 878.9) return 3;
  if (width > 639.9) return 2;
  return 5;
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const current = () => thumbnailCountFor(window.innerWidth);

export function useThumbnailCount(): number {
  return useSyncExternalStore(subscribe, current, () => 8);
}
