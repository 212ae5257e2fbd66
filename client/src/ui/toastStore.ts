import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends Required<Pick<ToastOptions, 'title' | 'variant'>> {
  id: number;
  description?: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  show(options: ToastOptions): void;
  close(id: number): void;
  remove(id: number): void;
}

/** Only one toast is visible at a time (spec §9): a new one replaces the current one. */
const TOAST_LIMIT = 1;
let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show({ title, description, variant = 'default' }) {
    const item: ToastItem = { id: nextId++, title, description, variant, open: true };
    set((state) => ({ toasts: [item, ...state.toasts].slice(0, TOAST_LIMIT) }));
  },
  close(id) {
    set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
  },
  remove(id) {
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

/** Shows a notification; usable outside components (stores, socket listeners). */
export function toast(options: ToastOptions): void {
  useToastStore.getState().show(options);
}

/** A destructive toast: the spec's failure text as title, the server's message (if any) below it. */
export function failureToast(title: string, serverText?: string): void {
  toast({ title, description: serverText || undefined, variant: 'destructive' });
}
