interface DialogActionsProps {
  onCancel(): void;
  /** The main action's text, and what it says while busy (the same text if not given). */
  label: string;
  busyLabel?: string;
  busy: boolean;
  /** Besides busy: the main action cannot be taken yet. */
  disabled?: boolean;
  /** 'Avbryt' is also held while the main action runs. */
  holdCancel?: boolean;
  /** Without it the main button submits the dialog's form. */
  onConfirm?(): void;
  testId: string;
}

/** A dialog's buttons in the one order: 'Avbryt' first, the main action last. */
export function DialogActions({
  onCancel,
  label,
  busyLabel,
  busy,
  disabled = false,
  holdCancel = false,
  onConfirm,
  testId,
}: DialogActionsProps) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button button-secondary" onClick={onCancel} disabled={holdCancel && busy}>
        Avbryt
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className="button"
        disabled={busy || disabled}
        onClick={onConfirm}
        data-testid={testId}
      >
        {busy ? (busyLabel ?? label) : label}
      </button>
    </div>
  );
}
