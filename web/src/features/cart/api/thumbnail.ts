import type { Schemas } from '../../../lib/api/types';

export type ProductAsset = Schemas['AssetOut'];

export interface Thumbnail {
  src: string;
  alt: string | null;
}

/**
 * The primary asset's 250 px thumbnail (spec: docs/spec-coverage.md#s9-thumbnail-size-250-75), else the first
 * asset's.
 */
export function thumbnailOf(assets: readonly ProductAsset[]): Thumbnail | null {
  const asset = assets.find((item) => item.is_primary) ?? assets[0];
  const src = asset?.thumbnails.thumbnail_250 || asset?.image_url;
  return src ? { src, alt: asset?.alt_text || null } : null;
}
