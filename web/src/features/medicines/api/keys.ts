/** Paths and SWR keys of the client's medicines (docs/api.md, "Medicines, spacing and interaction warnings"). */
export const MEDICINES_PATH = '/v2/account/clients/medicines';
export const VOCABULARY_PATH = '/v2/reference/medicines';

/** A client lists at most 30 medicines (the server refuses more). */
export const MAX_MEDICINES = 30;

/** The client changed their medicines on another device (their own writes answer the list already). */
export const MEDICINES_TOPICS = ['medicines.updated'] as const;

export const vocabularyKey = (query: string) => `${VOCABULARY_PATH}?query=${encodeURIComponent(query)}`;
