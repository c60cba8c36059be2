import { Suspense } from 'react';
import { useLocation } from 'react-router';

import { useBuilder } from './builder-context';
import { RedesignPanel } from './redesign-panel';
import { StandardBar } from './standard-bar';
import './protocol-builder.css';
import '../../../components/ui/line-list.css';

/** Spec docs/spec-coverage.md#s2-cart-wishlist-hide-protocol: the cart and the wishlist show no builder. */
const HIDDEN_ON = /^\/[^/]+\/(cart|wishlist)(\/|$)/;

/**
 * The protocol builder: nothing for anyone but a signed-in practitioner (the Unauthorized state),
 * otherwise the Redesign side panel or the Standard bottom bar, as the mode says.
 */
export function ProtocolBuilder() {
  const { state } = useBuilder();
  const { pathname } = useLocation();
  if (state.view === 'Unauthorized' || HIDDEN_ON.test(pathname)) return null;
  // Its own boundary: loading the builder's texts must not blank the page around it.
  return <Suspense fallback={null}>{state.mode === 'Redesign' ? <RedesignPanel /> : <StandardBar />}</Suspense>;
}
