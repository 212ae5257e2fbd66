import type { User } from '#protocol';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

interface DeleteUserDialogProps {
  /** The user to delete; null keeps the dialog closed. */
  user: User | null;
  onClose(): void;
  onDelete(user: User): unknown;
}

/** 'Slett bruker' and the spec's confirmation, on the admin's and the platform's user lists alike. */
export function DeleteUserDialog({ user, onClose, onDelete }: DeleteUserDialogProps) {
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Slett bruker"
      description={user ? `Er du sikker på at du vil slette brukeren ${user.name}? Dette kan ikke angres.` : ''}
      confirmLabel="Slett"
      onConfirm={() => user && onDelete(user)}
    />
  );
}
