import { useState, type ImgHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A neutral product silhouette, inline so it cannot fail for the same reason the real image did
 * (a missing file, a media host that is down) and is allowed by the CSP's `img-src data:`.
 */
export const FALLBACK_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="#eef2f0"/>' +
      '<rect x="36" y="22" width="28" height="10" rx="3" fill="#c9d3ce"/><rect x="30" y="32" width="40" height="48" rx="6" fill="#c9d3ce"/></svg>',
  );

/** A transparent 1×1 GIF: the second fallback, which still keeps the layout's box. */
export const BLANK_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

// Inline so every feature that shows product images gets the same box without a shared stylesheet.
const FAILED_STYLE = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  fontSize: '0.8125rem',
  color: '#5b6661',
  background: '#eef2f0',
} as const;

/** Spec docs/spec-coverage.md#s9-image-fallback-attempts-2: two fallback attempts after the image itself. */
export const IMAGE_FALLBACK_ATTEMPTS = 2;

export interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string | null | undefined;
  alt: string;
  /** Replaces the built-in silhouette as the first fallback. */
  fallbackSrc?: string;
}

/**
 * An `<img>` with the failure chain of spec docs/spec-coverage.md#s4-image-load-failure-fallback: when the
 * image fails, a fallback image; when that fails, a blank pixel; when that fails too, the source is removed
 * and the text 'Image load failed' shows instead. A new `src` starts the chain again.
 */
export function ProductImage({ src, alt, fallbackSrc = FALLBACK_IMAGE, className, ...props }: ProductImageProps) {
  // Never suspends: a product thumbnail must not hide the page (or the header search) while the
  // catalog namespace loads; the text is only needed once every fallback has failed.
  const { t, ready } = useTranslation('catalog', { useSuspense: false });
  // The attempt belongs to the src it was counted for, so a new src starts from zero without an effect.
  const [failures, setFailures] = useState<{ src: string | null | undefined; count: number }>({ src, count: 0 });
  const count = failures.src === src ? failures.count : 0;
  // A missing source skips straight to the fallback image.
  const attempt = src ? count : Math.max(count, 1);

  if (attempt > IMAGE_FALLBACK_ATTEMPTS) {
    return (
      <span
        role="img"
        aria-label={alt}
        className={['product-image--failed', className].filter(Boolean).join(' ')}
        style={FAILED_STYLE}
      >
        {ready ? t('image.load-failed') : alt}
      </span>
    );
  }
  const current = attempt === 0 ? (src ?? '') : attempt === 1 ? fallbackSrc : BLANK_PIXEL;
  return (
    <img
      {...props}
      className={className}
      src={current}
      alt={alt}
      onError={() => {
        setFailures({ src, count: attempt + 1 });
      }}
    />
  );
}
