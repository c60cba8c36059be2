import { apiFetch } from '../../../lib/api/http';
import { PROTOCOLS_PATH } from './keys';
import type { Protocol, ProtocolInput } from './types';

/** `POST /v2/account/practitioners/protocols/create {name, description}`: answers the new protocol (201). */
export function createProtocol(input: ProtocolInput): Promise<Protocol> {
  return apiFetch<Protocol>(`${PROTOCOLS_PATH}/create`, {
    method: 'POST',
    auth: 'required',
    body: { name: input.name, description: input.description ?? '' },
  });
}
