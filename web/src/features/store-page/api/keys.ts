/** Paths and SWR keys of the public store calls (docs/api.md "The public store page"). */

export function publicStorePath(shopName: string): string {
  return `/v2/storefront/stores/${encodeURIComponent(shopName.toLowerCase())}`;
}

export function attributionPath(shopName: string): string {
  return `${publicStorePath(shopName)}/attribution`;
}


/**
 * `store.updated` reaches the practitioner's own devices: their public page, open beside the editor,
 * follows each save. Protocol changes refresh the shown protocols.
 */
export const PUBLIC_STORE_TOPICS = ['store.updated', 'protocol.updated', 'protocol.deleted'] as const;
