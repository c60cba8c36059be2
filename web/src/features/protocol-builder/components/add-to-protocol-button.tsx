import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSignedIn } from '../../../lib/session/use-signed-in';
import { ADD_BLOCKER_TOASTS, BUILDER_TOASTS } from '../builder-messages';
import { addProductBlocker } from '../state/builder-state';
import { quantityToAdd } from '../state/quantity';
import { useActiveProtocolEditor } from './active-protocol-source';
import { useBuilder } from './builder-context';
import { builderToast } from './builder-toast-store';
import { failureMessage } from './failure-message';

interface AddToProtocolButtonProps {
  variantId: number;
  quantity?: number;
}

/**
 * The product page's "add to protocol" (spec: docs/spec-coverage.md#s4-adding-product-puts-first,
 * docs/spec-coverage.md#s5-adding-product-needs-signed). Without a selected protocol the add is refused with
 * a toast and the builder opens to pick one; otherwise the product goes in through the editor and the builder
 * moves as the reducer says (the note bar in Standard mode).
 */
function AddButton({ variantId, quantity = 1 }: AddToProtocolButtonProps) {
  const { t } = useTranslation('builder');
  const { state, dispatch } = useBuilder();
  const editor = useActiveProtocolEditor();
  const signedIn = useSignedIn();
  const [sending, setSending] = useState(false);
  // Signed in but not a practitioner (a client): the builder is not theirs, so neither is the button.
  if (signedIn && state.view === 'Unauthorized') return null;

  async function add() {
    const blocker = addProductBlocker(state);
    if (blocker === 'sign-in') {
      builderToast.warning(t(ADD_BLOCKER_TOASTS[blocker]));
      return;
    }
    if (blocker === 'select-protocol') {
      builderToast.warning(t(state.activeProtocol ? ADD_BLOCKER_TOASTS[blocker] : BUILDER_TOASTS.selectProtocolFirst));
      dispatch({ type: 'productAddBlocked' });
      return;
    }
    setSending(true);
    try {
      const next = await editor.addProduct(variantId, quantityToAdd(quantity));
      const line = next?.products.find((product) => product.product_variant_id === variantId);
      if (line) dispatch({ type: 'productAdded', product: line });
      builderToast.success(t(BUILDER_TOASTS.productAdded));
    } catch (error) {
      builderToast.error(failureMessage(error, t));
    } finally {
      setSending(false);
    }
  }

  return (
    <button type="button" className="button button--secondary" disabled={sending} onClick={() => void add()}>
      {t('add.button')}
    </button>
  );
}

/** The button in its own Suspense boundary, so the product page never waits for the builder's texts. */
export function AddToProtocolButton(props: AddToProtocolButtonProps) {
  return (
    <Suspense fallback={null}>
      <AddButton {...props} />
    </Suspense>
  );
}
