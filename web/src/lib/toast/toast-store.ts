/**
 * Spec docs/spec-coverage.md#s8-toasts-success-error-warning: success, error and warning toasts show
 * top-right for 2000 ms, one of each kind at a time (a new one replaces the shown one of its kind). The spec
 * also gives 5000 ms as the default auto-close "elsewhere": that is the `info` kind, for notices the user did
 * not cause (e.g. a sign-out in another tab), which need longer to be read than the answer to a click
 * (docs/decisions/0016-spec-coverage.md).
 */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_MS = 2000;
export const DEFAULT_TOAST_MS = 5000;

export function toastDuration(kind: ToastKind): number {
  return kind === 'info' ? DEFAULT_TOAST_MS : TOAST_MS;
}

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  publish(toasts.filter((toast) => toast.id !== id));
}

export function showToast(kind: ToastKind, message: string): number {
  const id = nextId++;
  for (const old of toasts.filter((toast) => toast.kind === kind)) dismissToast(old.id);
  publish([...toasts, { id, kind, message }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), toastDuration(kind)),
  );
  return id;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  warning: (message: string) => showToast('warning', message),
  info: (message: string) => showToast('info', message),
};
