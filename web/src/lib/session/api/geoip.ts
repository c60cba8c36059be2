import { apiFetch } from '../../api/http';
import type { Schemas } from '../../api/types';

export type GeoReply = Schemas['GeoOut'];

/**
 * POST /v2/account/geoip (spec: docs/spec-coverage.md#s7-geoip): the caller's country, from its IP address.
 */
export function postGeoip(): Promise<GeoReply> {
  return apiFetch('/v2/account/geoip', { method: 'POST', auth: 'none' });
}
