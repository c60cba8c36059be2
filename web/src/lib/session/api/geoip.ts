import { apiFetch } from '../../api/http';

export interface GeoReply {
  country: string | null;
  country_code: string | null;
}

/** POST /v2/account/geoip (spec section 7): the caller's country, from its IP address. */
export function postGeoip(): Promise<GeoReply> {
  return apiFetch('/v2/account/geoip', { method: 'POST', auth: 'none' });
}
