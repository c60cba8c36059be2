/**
 * Paths of the practitioner store calls (spec: docs/spec-coverage.md#s7-store "Practitioner store",
 * docs/api.md) and the SWR key of the store. Every list and section lives in the store's reply, so there is
 * one key.
 */
export const STORE_PATH = '/v2/account/store';
export const STORE_KEY = STORE_PATH;

/** Socket topics after which the store is stale (docs/api.md "Topics"). */
export const STORE_TOPICS = ['store.updated'] as const;

/** The sections with a title and a description, each with its own call. */
export type TitledSectionName = 'header' | 'about' | 'services_header' | 'approach';

export function sectionPath(section: TitledSectionName): string {
  return section === 'services_header' ? `${STORE_PATH}/services/header` : `${STORE_PATH}/${section}`;
}

export type ImageSectionName = 'header' | 'about' | 'approach';

export function imagePath(section: ImageSectionName): string {
  return `${STORE_PATH}/${section}/image`;
}

export function servicePath(serviceId: number): string {
  return `${STORE_PATH}/services/${serviceId}`;
}

export function packagePath(packageId: number): string {
  return `${STORE_PATH}/packages/${packageId}`;
}

export function featuresPath(packageId: number): string {
  return `${packagePath(packageId)}/features`;
}
