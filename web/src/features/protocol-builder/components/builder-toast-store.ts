/**
 * The builder's own toast list (spec: docs/spec-coverage.md#s8-builder-toast-list-shows): at most 3 at once,
 * the oldest leaving for a new one, each for 2000 ms like the app's toasts. Messages are already translated.
 */
import type { ToastKind } from '../../../lib/toast/toast-store';

export const BUILDER_TOAST_LIMIT = 3;
export const BUILDER_TOAST_MS = 2000;

export interface BuilderToast {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = (toasts: readonly BuilderToast[]) => void;

let toasts: readonly BuilderToast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly BuilderToast[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

export function dismissBuilderToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (toasts.some((item) => item.id === id)) publish(toasts.filter((item) => item.id !== id));
}

export function showBuilderToast(kind: ToastKind, message: string): number {
  const id = nextId++;
  const kept = [...toasts, { id, kind, message }];
  for (const old of kept.slice(0, Math.max(0, kept.length - BUILDER_TOAST_LIMIT))) {
    clearTimeout(timers.get(old.id));
    timers.delete(old.id);
  }
  publish(kept.slice(-BUILDER_TOAST_LIMIT));
  timers.set(
    id,
    setTimeout(() => dismissBuilderToast(id), BUILDER_TOAST_MS),
  );
  return id;
}

export function subscribeBuilderToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

export function getBuilderToasts(): readonly BuilderToast[] {
  return toasts;
}

/** Clears the list (tests, sign-out). */
export function resetBuilderToasts() {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  publish([]);
}

export const builderToast = {
  success: (message: string) => showBuilderToast('success', message),
  error: (message: string) => showBuilderToast('error', message),
  warning: (message: string) => showBuilderToast('warning', message),
};
