import { lazy, Suspense } from 'react';

import { useBuilder } from './builder-context';

// Loaded only when needed: most visitors of the product list never see the builder, and the list's
// JavaScript budget (docs/architecture.md, "Performance budget") is spent on the list.
const ProtocolBuilderView = lazy(() => import('./protocol-builder').then((m) => ({ default: m.ProtocolBuilder })));
const AddButton = lazy(() =>
  import('./add-to-protocol-button').then((m) => ({ default: m.AddToProtocolButton })),
);

/** The panel or the bar, fetched once a signed-in practitioner is here (nothing for anyone else). */
export function LazyProtocolBuilder() {
  const { state } = useBuilder();
  if (state.view === 'Unauthorized') return null;
  return (
    <Suspense fallback={null}>
      <ProtocolBuilderView />
    </Suspense>
  );
}

/** The product page's "add to protocol", fetched with the product page. */
export function LazyAddToProtocolButton(props: { variantId: number; quantity: number }) {
  return (
    <Suspense fallback={null}>
      <AddButton {...props} />
    </Suspense>
  );
}
