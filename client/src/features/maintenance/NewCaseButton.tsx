import { PlusIcon } from '../../ui/icons';

/** 'Ny oppgave': opens the case dialog; without a school chosen there is nowhere to send it. */
export function NewCaseButton({ className, disabled, onClick }: { className: string; disabled: boolean; onClick(): void }) {
  return (
    <button type="button" className={`button ${className}`} onClick={onClick} disabled={disabled} data-testid="open-create-task">
      <PlusIcon />
      Ny oppgave
    </button>
  );
}
