import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useFocusReturn } from './focusReturn';
import './dialog.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The dialog stays open (its button busy) until this settles, then closes. */
  onConfirm(): unknown;
  testId?: string;
}

/** 'Er du sikker…?' before something that cannot be undone. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, testId }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const returnFocus = useFocusReturn(open);

  async function confirm(event: { preventDefault(): void }) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onOpenChange(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog dialog-small" data-testid={testId ?? 'confirm-dialog'} onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">{description}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary" disabled={busy}>
              Avbryt
            </AlertDialog.Cancel>
            <AlertDialog.Action className="button button-danger" onClick={confirm} disabled={busy} data-testid="confirm-button">
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
