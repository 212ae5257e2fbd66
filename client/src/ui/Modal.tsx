import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useFocusReturn } from './focusReturn';
import './dialog.css';

interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** Start in the first field rather than on the close button, which comes first in the markup. */
function focusFirstField(event: Event): void {
  const content = event.currentTarget;
  if (!(content instanceof HTMLElement)) return;
  const field = content.querySelector<HTMLElement>(
    'input:not([disabled]), textarea:not([disabled]), button[role="combobox"]:not([disabled])',
  );
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/** A dialog with a title and a close button; on phones it fills the width. */
export function Modal({ open, onOpenChange, title, description, children, testId }: ModalProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid={testId} onOpenAutoFocus={focusFirstField} onCloseAutoFocus={returnFocus}>
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="dialog-close" aria-label="Lukk">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="dialog-description">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
