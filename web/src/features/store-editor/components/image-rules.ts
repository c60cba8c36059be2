/** docs/api.md "Limits": the server takes JPEG, PNG, WebP or GIF up to 10 MB (and 40 megapixels). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export type ImageRefusal = 'type' | 'size';

/** Checked before sending, so a wrong file is refused at once; the server checks again (and the pixels). */
export function imageRefusal(file: File): ImageRefusal | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}
