import type { ReactNode } from 'react';

/** The heading block every page starts with. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page-intro">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
