import { DropdownMenu } from 'radix-ui';
import { MoreIcon } from './icons';
import './menu.css';

export interface MenuAction {
  label: string;
  onSelect(): void;
  danger?: boolean;
  testId?: string;
}

/** A '⋮' button opening a list of actions for one row. */
export function ActionMenu({ label, actions, testId }: { label: string; actions: readonly MenuAction[]; testId?: string }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="icon-button menu-trigger" aria-label={label} data-testid={testId}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="end" sideOffset={4} collisionPadding={8}>
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              className="menu-item"
              data-danger={action.danger ? '' : undefined}
              data-testid={action.testId}
              onSelect={action.onSelect}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
