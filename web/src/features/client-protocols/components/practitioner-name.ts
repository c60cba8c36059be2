import type { Practitioner } from '../api/types';

/** The server's display name, else the parts it is made of (an account may lack one of them). */
export function practitionerName(practitioner: Practitioner): string {
  return practitioner.name.trim() || `${practitioner.first_name} ${practitioner.last_name}`.trim();
}
