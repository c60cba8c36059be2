/**
 * This page load's id, sent as `X-Device-Id` on every API call; the server puts it on the events the call
 * causes, so the tab that wrote can skip refetching what its own write already answered. Per page load,
 * not per browser: another tab of the same browser must still refetch (docs/architecture.md, "A cart
 * write reaching another device"). `getRandomValues`, unlike `randomUUID`, works outside secure contexts
 * (a phone on the clinic's network opening the dev server by its address).
 */
function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const DEVICE_ID = newId();

export function deviceId(): string {
  return DEVICE_ID;
}

export const DEVICE_HEADER = 'X-Device-Id';
