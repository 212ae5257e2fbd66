import { Toast } from 'radix-ui';
import { useToastStore, type ToastItem } from './toastStore';
import './toast.css';

// Radix defaults kept on purpose: 5000 ms, swipe threshold 50 px, hotkey F8 (spec §9).
const EXIT_ANIMATION_MS = 200;

function ToastView({ item }: { item: ToastItem }) {
  const close = useToastStore((state) => state.close);
  const remove = useToastStore((state) => state.remove);
  return (
    <Toast.Root
      className="toast"
      data-variant={item.variant}
      data-testid="toast"
      type={item.variant === 'destructive' ? 'foreground' : 'background'}
      open={item.open}
      onOpenChange={(open) => {
        if (open) return;
        close(item.id);
        setTimeout(() => remove(item.id), EXIT_ANIMATION_MS);
      }}
    >
      <div className="toast-text">
        <Toast.Title className="toast-title">{item.title}</Toast.Title>
        {item.description && <Toast.Description className="toast-description">{item.description}</Toast.Description>}
      </div>
      <Toast.Close className="toast-close" aria-label="Lukk">
        <span aria-hidden="true">×</span>
      </Toast.Close>
    </Toast.Root>
  );
}

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <Toast.Provider label="Varsel">
      {toasts.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
      <Toast.Viewport className="toast-viewport" label="Varsler ({hotkey})" />
    </Toast.Provider>
  );
}
