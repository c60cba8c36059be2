import type { ProductCard } from '../api/types';

/** How many cards load eagerly: about the first row on a wide screen (the LCP image is among them). */
export const EAGER_CARDS = 4;

/** The picture a card shows: its first asset's 250 px thumbnail, else the full image. */
export function cardImageSrc(product: ProductCard): string | undefined {
  const asset = product.assets[0];
  return asset?.thumbnails.thumbnail_250 ?? asset?.image_url;
}

/**
 * Starts the first row's pictures as soon as a list reply is in, ahead of the render that creates
 * their `<img>` elements: those then find them in the browser's image cache. On a first visit that
 * render waits for the page's code, so the largest picture on screen arrives sooner.
 */
export function preloadCardImages(products: readonly ProductCard[]): void {
  for (const product of products.slice(0, EAGER_CARDS)) {
    const src = cardImageSrc(product);
    if (!src) continue;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = src;
  }
}
