interface RemoveButtonProps {
  /** What a screen reader says, e.g. 'Fjern Ola fra syke'. */
  label: string;
  onClick(): void;
  disabled?: boolean;
  testId?: string;
}

/** The × that takes one name off a list (a chip or a row), a thumb-sized target of its own. */
export function RemoveButton({ label, onClick, disabled, testId }: RemoveButtonProps) {
  return (
    <button type="button" className="chip-remove" aria-label={label} disabled={disabled} onClick={onClick} data-testid={testId}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
