import { Toast } from 'radix-ui';
import { useEffect } from 'react';
import { dismissToasts, useToastStore, type ToastItem } from './toastStore';
import './toast.css';

// Radix defaults kept on purpose: 5000 ms, swipe threshold 50 px, hotkey F8 (spec §9).

function ToastView({ item }: { item: ToastItem }) {
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <Toast.Root
      className="toast"
      data-variant={item.variant}
      data-testid="toast"
      type={item.variant === 'destructive' ? 'foreground' : 'background'}
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismiss(item.id);
      }}
    >
      <div className="toast-text">
        <Toast.Title className="toast-title">{item.title}</Toast.Title>
        {item.description && <Toast.Description className="toast-description">{item.description}</Toast.Description>}
      </div>
      {item.action && (
        <Toast.Action className="button button-secondary button-small toast-action" altText={item.action.altText} onClick={item.action.run}>
          {item.action.label}
        </Toast.Action>
      )}
      <Toast.Close className="toast-close" aria-label="Lukk">
        <span aria-hidden="true">×</span>
      </Toast.Close>
    </Toast.Root>
  );
}

/**
 * Escape closes the toast wherever focus is, unless it is closing a dialog or menu: a toast may
 * lie over the focused control, and a keyboard user must be able to clear it without moving focus
 * (WCAG 2.4.11).
 */
function useEscapeClosesToasts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'))
        return;
      dismissToasts();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  useEscapeClosesToasts();
  return (
    <Toast.Provider label="Varsel">
      {toasts.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
      <Toast.Viewport className="toast-viewport" label="Varsler ({hotkey})" />
    </Toast.Provider>
  );
}
