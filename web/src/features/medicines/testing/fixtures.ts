import type { ClientMedicine, MedicineChoice } from '../api/types';

/** The signed-in client of these tests. */
export const CLIENT = { accessToken: 'client', refreshToken: 'refresh', userTypeId: 4 };

export function medicine(overrides: Partial<ClientMedicine> = {}): ClientMedicine {
  return { id: 'levothyroxine', kind: 'substance', name: 'Levothyroxine', slots: ['waking'], ...overrides };
}

/** A few entries of the vocabulary (server/nutrition/data/medicines.json), classes first. */
export const VOCABULARY: MedicineChoice[] = [
  { id: 'ppi', kind: 'class', name: 'Proton pump inhibitors', classes: [] },
  { id: 'omeprazole', kind: 'substance', name: 'Omeprazole', classes: ['ppi'] },
  { id: 'levothyroxine', kind: 'substance', name: 'Levothyroxine', classes: ['thyroid'] },
];
