/**
 * Toasts (spec: green for success, red otherwise; dismissed after 5 s, on outside click or on X).
 * Any island or page script calls showToast; the Toaster in the layout renders the store.
 */
import { atom } from 'nanostores';

const TOAST_KINDS = ['success', 'error', 'info'] as const;
export type ToastKind = typeof TOAST_KINDS[number];
export interface Toast { id: number; message: string; kind: ToastKind }

export const TOAST_DURATION_MS = 5000;
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function showToast(message: string, kind: ToastKind = 'success'): void {
  const toast = { id: nextId++, message, kind };
  $toasts.set([...$toasts.get(), toast]);
  setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
}

export function dismissToast(id?: number): void {
  $toasts.set(id === undefined ? [] : $toasts.get().filter((t) => t.id !== id));
}

/** Lets a toast survive a navigation (e.g. 'Signed in successfully!' then home): shown on the next page load. */
export function toastAfterNavigation(message: string, kind: ToastKind = 'success'): void {
  sessionStorage.setItem('pending-toast', JSON.stringify({ message, kind }));
}

export function showPendingToast(): void {
  const raw = sessionStorage.getItem('pending-toast');
  if (!raw) return;
  sessionStorage.removeItem('pending-toast');
  let pending: { message?: unknown; kind?: unknown };
  try {
    pending = JSON.parse(raw) ?? {};
  } catch {
    return; // not what toastAfterNavigation stored: nothing to show
  }
  const kind = TOAST_KINDS.find((known) => known === pending.kind) ?? 'success';
  if (typeof pending.message === 'string') showToast(pending.message, kind);
}
