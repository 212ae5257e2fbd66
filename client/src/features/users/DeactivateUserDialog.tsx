import type { User } from '#protocol';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

interface DeactivateUserDialogProps {
  /** The user to deactivate; null keeps the dialog closed. */
  user: User | null;
  onClose(): void;
  onDeactivate(user: User): unknown;
}

/**
 * 'Deaktiver bruker' asks first (issue 45), naming the person and what happens: they are signed out
 * at once on every device. It can be undone ('Aktiver bruker'), which the question says too.
 */
export function DeactivateUserDialog({ user, onClose, onDeactivate }: DeactivateUserDialogProps) {
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Deaktiver bruker"
      description={
        user
          ? `Vil du deaktivere ${user.name}? ${user.name} logges ut med en gang på alle enheter og kan ikke logge inn før kontoen aktiveres igjen. Du kan aktivere brukeren igjen med «Aktiver bruker».`
          : ''
      }
      confirmLabel="Deaktiver"
      onConfirm={() => user && onDeactivate(user)}
      testId="deactivate-dialog"
    />
  );
}
