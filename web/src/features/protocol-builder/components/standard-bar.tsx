import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { formatMoney } from '../../../lib/format/money';
import { useBuilder } from './builder-context';
import { BuilderViewContent, DRAWER_VIEWS } from './builder-views';
import { DialogFrame } from './drawer';
import { ModeSwitch } from './mode-switch';
import { NoteBar } from './note-bar';
import { ProtocolThumbnails } from './protocol-thumbnails';

const DRAWER_TITLES = { CreatingProtocol: 'create.title', EditingProtocol: 'edit.title', SharingProtocol: 'share.drawer-title' } as const;

/**
 * Standard mode: a fixed bottom bar, opened and closed by its toggle (kept locally by the provider).
 * After an add the note bar shows above it; create, edit and share open as right-side drawers.
 */
export function StandardBar() {
  // The daily-totals texts load with the builder's, so opening a protocol does not suspend the panel again.
  const { t } = useTranslation(['builder', 'nutrition']);
  const { state, dispatch } = useBuilder();
  const bodyId = useId();
  const active = state.activeProtocol;
  const drawer = DRAWER_VIEWS.has(state.view);
  const asksNote = state.view === 'ProductAdded' || state.view === 'AddingNote';

  return (
    <section className="builder-bar" aria-label={t('panel.title')}>
      {asksNote && <NoteBar key={state.noteProductVariantId} />}
      <div className="builder-bar__head">
        <button
          type="button"
          className="builder-bar__toggle"
          aria-expanded={state.enabled}
          aria-controls={bodyId}
          onClick={() => dispatch({ type: 'toggled' })}
        >
          {state.enabled ? t('bar.close') : t('bar.open')}
        </button>
        <p className="builder-bar__summary">
          {active
            ? t('bar.summary', {
                name: active.name,
                n: active.product_count,
                total: formatMoney(active.total_price, active.currency),
              })
            : t('bar.none')}
        </p>
        {/* Spec docs/spec-coverage.md#s9-bar-thumbnails: the bar's thumbnails, 8 to 2 by screen width. */}
        {active && <ProtocolThumbnails products={active.products} />}
        <ModeSwitch />
      </div>
      <div id={bodyId} className="builder-bar__body" hidden={!state.enabled}>
        {state.enabled && !drawer && <BuilderViewContent view={state.view} />}
      </div>
      {drawer && (
        <DialogFrame
          title={t(DRAWER_TITLES[state.view as keyof typeof DRAWER_TITLES], { name: active?.name ?? '' })}
          onClose={() => dispatch({ type: 'back' })}
        >
          <BuilderViewContent view={state.view} />
        </DialogFrame>
      )}
    </section>
  );
}
