import type { MouseEvent, ReactNode } from 'react';

/**
 * The form's submit button. Pressing it does not take the focus from the field being edited: that
 * blur would validate the field (spec: docs/spec-coverage.md#s5-forms-validate-blur-again), add or remove its
 * error line and move the button between mouse down and mouse up, so the click would miss it. Submitting
 * validates every field anyway.
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="auth-button"
      disabled={busy}
      aria-busy={busy || undefined}
      onMouseDown={(event: MouseEvent) => event.preventDefault()}
    >
      {children}
    </button>
  );
}
