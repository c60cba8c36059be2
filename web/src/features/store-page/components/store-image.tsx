import { useState } from 'react';

/**
 * A store picture (header, about, approach, package): an `<img>` with its alt text, lazily loaded
 * except the header's. A picture that fails to load is left out rather than shown broken: the
 * section's texts carry the content.
 */
export function StoreImage({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return null;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
