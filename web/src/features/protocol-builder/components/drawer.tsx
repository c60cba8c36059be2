import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogFrameProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * `drawer`: a right-side panel (spec: docs/spec-coverage.md#s2-right-side-drawers-create); `modal`:
   * centred.
   */
  variant?: 'drawer' | 'modal';
  description?: string;
}

/**
 * A modal dialog: focus moves into it and back to where it was when it closes, Tab stays inside,
 * Escape and the backdrop close it.
 */
export function DialogFrame({ title, onClose, children, variant = 'drawer', description }: DialogFrameProps) {
  const { t } = useTranslation('builder');
  const titleId = useId();
  const textId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => previous?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      className={`builder-backdrop builder-backdrop--${variant}`}
      onClick={(event) => event.target === event.currentTarget && close.current()}
    >
      <div
        ref={panel}
        className={`builder-dialog builder-dialog--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? textId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="builder-dialog__head">
          <h2 id={titleId} className="builder-dialog__title">
            {title}
          </h2>
          <button type="button" className="builder-icon-button" aria-label={t('ui.close')} onClick={() => close.current()}>
            <span aria-hidden="true">{'\u00d7'}</span>
          </button>
        </div>
        {description && <p id={textId}>{description}</p>}
        {children}
      </div>
    </div>
  );
}

interface ConfirmDrawerProps {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Spec docs/spec-coverage.md#s2-right-side-drawers-create: a delete (or duplicate) asks first, with a title
 * and a text.
 */
export function ConfirmDrawer({ title, text, confirmLabel, busy = false, onConfirm, onCancel }: ConfirmDrawerProps) {
  const { t } = useTranslation('builder');
  return (
    <DialogFrame title={title} description={text} onClose={onCancel}>
      <div className="builder-actions">
        <button type="button" className="button" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('ui.cancel')}
        </button>
      </div>
    </DialogFrame>
  );
}
