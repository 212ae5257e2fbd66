import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

/** A way back offered on the toast ('Angre'); the screen offers the same without the toast, for whoever misses it. */
export interface ToastAction {
  label: string;
  /** Read out for screen readers: how to do the same without the toast. */
  altText: string;
  run(): void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

export interface ToastItem extends Required<Pick<ToastOptions, 'title' | 'variant'>> {
  id: number;
  description?: string;
  action?: ToastAction;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  show(options: ToastOptions): void;
  /** Closes the toast (its exit animation runs) and then removes it. */
  dismiss(id: number): void;
}

/** Only one toast is visible at a time (spec §9): a new one replaces the current one. */
const TOAST_LIMIT = 1;
const EXIT_ANIMATION_MS = 200;
let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show({ title, description, variant = 'default', action }) {
    const item: ToastItem = { id: nextId++, title, description, variant, action, open: true };
    set((state) => ({ toasts: [item, ...state.toasts].slice(0, TOAST_LIMIT) }));
  },
  dismiss(id) {
    if (!get().toasts.some((t) => t.id === id && t.open)) return;
    set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
    setTimeout(() => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })), EXIT_ANIMATION_MS);
  },
}));

/** Closes every toast on screen (Escape, so a toast never keeps covering the focused control). */
export function dismissToasts(): void {
  const { toasts, dismiss } = useToastStore.getState();
  for (const item of toasts) dismiss(item.id);
}

/** Shows a notification; usable outside components (stores, socket listeners). */
export function toast(options: ToastOptions): void {
  useToastStore.getState().show(options);
}

/** A destructive toast: the spec's failure text as title, the server's message (if any) below it. */
export function failureToast(title: string, serverText?: string): void {
  toast({ title, description: serverText || undefined, variant: 'destructive' });
}

/** Closes a failure toast still on screen: once the step it was about succeeds, it is no longer true. */
export function dismissFailureToasts(): void {
  const { toasts, dismiss } = useToastStore.getState();
  for (const item of toasts) if (item.variant === 'destructive') dismiss(item.id);
}
