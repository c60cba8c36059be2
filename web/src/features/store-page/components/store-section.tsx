import { useId, type ReactNode } from 'react';

/** One section of the store page: a landmark named by its h2. */
export function StoreSection({
  name,
  title,
  children,
}: {
  /** A class suffix and the `data-section` of tests (`about`, `services`...). */
  name: string;
  title: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={`store-section store-section--${name}`} data-section={name} aria-labelledby={titleId}>
      <h2 id={titleId} className="store-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A text the practitioner typed: as text (never HTML), its line breaks kept. */
export function StoreText({ text, className = 'store-text' }: { text: string; className?: string }) {
  return text ? <p className={className}>{text}</p> : null;
}
