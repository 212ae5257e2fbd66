import { PLATFORM_ROLE_CHANGES, type User } from '#protocol';
import { ActionMenu, type MenuAction } from '../../ui/ActionMenu';
import { PLATFORM_STATUS_LABEL, STATUS_PILL } from '../users/userLabels';
import type { PlatformUserActions } from './usePlatformUserActions';

interface PlatformUserRowProps {
  user: User;
  actions: PlatformUserActions;
  onTransfer(user: User): void;
  /** 'Deaktiver bruker' asks first (issue 45). */
  onDeactivate(user: User): void;
  onDelete(user: User): void;
}

/** A user on a school's platform page: role and status badges and every platform action. */
export function PlatformUserRow({ user, actions, onTransfer, onDeactivate, onDelete }: PlatformUserRowProps) {
  const menu: MenuAction[] = [
    ...(PLATFORM_ROLE_CHANGES[user.role] ?? []).map((role) => ({
      label: `Gjør til ${role}`,
      onSelect: () => void actions.changeRole(user, role),
      testId: `platform-role-${role}`,
    })),
    user.status === 'approved'
      ? { label: 'Deaktiver bruker', onSelect: () => onDeactivate(user), testId: 'platform-deactivate' }
      : {
          label: user.status === 'pending' ? 'Godkjenn bruker' : 'Aktiver bruker',
          onSelect: () => void actions.setStatus(user, 'approved'),
          testId: 'platform-activate',
        },
    { label: 'Flytt til annen skole', onSelect: () => onTransfer(user), testId: 'platform-transfer' },
    { label: 'Slett bruker', onSelect: () => onDelete(user), danger: true, testId: 'platform-delete' },
  ];
  return (
    <li className="row" data-testid="platform-user" data-user-id={user.id}>
      <div className="row-main">
        <span className="row-title">{user.name}</span>
        <span className="row-meta">{user.email}</span>
        <span className="row-badges">
          <span className="pill pill-info" data-testid="user-role">
            {user.role}
          </span>
          <span className={STATUS_PILL[user.status]} data-testid="user-status">
            {PLATFORM_STATUS_LABEL[user.status]}
          </span>
        </span>
      </div>
      <div className="row-actions">
        <ActionMenu label={`Handlinger for ${user.name}`} actions={menu} testId="platform-user-menu" />
      </div>
    </li>
  );
}
