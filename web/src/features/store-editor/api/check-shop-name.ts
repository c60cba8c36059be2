import { apiFetch } from '../../../lib/api/http';
import { STORE_PATH } from './keys';
import type { Availability } from './types';

/**
 * `GET /v2/account/store/availability?name=`: `{name, available, reason, message}`. The name must not be
 * blank (spec: docs/spec-coverage.md#s5-shop-name-must-present); the caller's own current name is available
 * to them.
 */
export function checkShopName(name: string, signal?: AbortSignal): Promise<Availability> {
  return apiFetch<Availability>(`${STORE_PATH}/availability`, { auth: 'required', query: { name }, signal });
}
