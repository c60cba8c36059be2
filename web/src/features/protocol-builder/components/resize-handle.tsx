import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { BUILDER_WIDTH } from '../state/builder-state';

/** How far one arrow key press moves the edge; Page Up/Down move it five times as far. */
export const RESIZE_STEP = 20;

interface ResizeHandleProps {
  width: number;
  onResize: (width: number) => void;
}

/**
 * The Redesign panel's left edge (spec: docs/spec-coverage.md#s4-width-draggable-between-300: 300 to 900 px).
 * Dragged with a pointer, or focused and moved with the arrow keys (left widens the panel, since it sits on
 * the right), Home and End. The reducer holds the width within its limits.
 */
export function ResizeHandle({ width, onResize }: ResizeHandleProps) {
  const { t } = useTranslation('builder');
  const dragging = useRef(false);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowLeft: RESIZE_STEP,
      ArrowUp: RESIZE_STEP,
      ArrowRight: -RESIZE_STEP,
      ArrowDown: -RESIZE_STEP,
      PageUp: RESIZE_STEP * 5,
      PageDown: -RESIZE_STEP * 5,
    };
    if (event.key === 'Home') onResize(BUILDER_WIDTH.min);
    else if (event.key === 'End') onResize(BUILDER_WIDTH.max);
    else if (event.key in moves) onResize(width + (moves[event.key] ?? 0));
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (dragging.current) onResize(window.innerWidth - event.clientX);
  }

  function stop(event: PointerEvent<HTMLDivElement>) {
    dragging.current = false;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  }

  return (
    <div
      className="builder-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('panel.resize')}
      aria-valuenow={width}
      aria-valuemin={BUILDER_WIDTH.min}
      aria-valuemax={BUILDER_WIDTH.max}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
    />
  );
}
