import { useEffect, useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { useBuilder } from './builder-context';
import { BuilderViewContent } from './builder-views';
import { ModeSwitch } from './mode-switch';
import { ResizeHandle } from './resize-handle';

/**
 * Redesign mode (the default): a right-hand panel, resizable by its left edge, full width on small
 * screens (CSS). Closed, it is a button at the page's edge; its close button also forgets the active
 * protocol (spec: docs/spec-coverage.md#s4-redesign-close-disables).
 */
export function RedesignPanel() {
  // The daily-totals texts load with the builder's, so opening a protocol does not suspend the panel again.
  const { t } = useTranslation(['builder', 'nutrition']);
  const { state, dispatch } = useBuilder();
  const titleId = useId();
  const open = state.enabled;

  // The page makes room for the open panel (protocol-builder.css), following its width.
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.style.setProperty('--builder-open-width', `${state.width}px`);
    return () => {
      root.style.removeProperty('--builder-open-width');
    };
  }, [open, state.width]);

  if (!open) {
    return (
      <button type="button" className="button builder-launcher" aria-expanded={false} onClick={() => dispatch({ type: 'toggled' })}>
        {t('panel.open')}
      </button>
    );
  }

  return (
    <aside
      className="builder-panel"
      aria-labelledby={titleId}
      style={{ '--builder-width': `${state.width}px` } as CSSProperties}
    >
      <ResizeHandle width={state.width} onResize={(width) => dispatch({ type: 'widthChanged', width })} />
      <div className="builder-panel__head">
        <h2 id={titleId} className="builder-panel__title">
          {t('panel.title')}
        </h2>
        <ModeSwitch />
        <button type="button" className="builder-icon-button" aria-label={t('panel.close')} onClick={() => dispatch({ type: 'closed' })}>
          <span aria-hidden="true">{'\u00d7'}</span>
        </button>
      </div>
      <div className="builder-panel__body">
        <BuilderViewContent view={state.view} />
      </div>
    </aside>
  );
}
