import type { ReactNode } from 'react';
import type { User } from '#protocol';
import { ActionMenu, type MenuAction } from '../../ui/ActionMenu';
import type { AdminUserActions } from './useAdminUserActions';
import { ADMIN_STATUS_LABEL, adminRoleTargets, roleChangeLabel } from './userLabels';
import { SignInMethods } from './SignInMethods';

function UserText({ user, children }: { user: User; children?: ReactNode }) {
  return (
    <div className="row-main">
      <span className="row-title">{user.name}</span>
      <span className="row-meta">{user.email}</span>
      {children}
    </div>
  );
}

/** A registration awaiting approval: Godkjenn or Avvis. */
export function PendingUserRow({ user, actions }: { user: User; actions: AdminUserActions }) {
  const busy = actions.isBusy(user);
  return (
    <li className="row row-stack" data-testid="pending-user" data-user-id={user.id}>
      <UserText user={user}>
        <span className="row-badges">
          <span className="pill pill-warning">Ventende</span>
        </span>
      </UserText>
      <div className="row-actions">
        <button type="button" className="button button-small" disabled={busy} onClick={() => void actions.approve(user)}>
          Godkjenn
        </button>
        <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void actions.reject(user)}>
          Avvis
        </button>
      </div>
    </li>
  );
}

interface SchoolUserRowProps {
  user: User;
  isMe: boolean;
  actions: AdminUserActions;
  onDelete(user: User): void;
  /** 'Deaktiver bruker' asks first (issue 45). */
  onDeactivate(user: User): void;
  /** 'Lag lenke for nytt passord' (issue 33). */
  onResetLink(user: User): void;
}

/**
 * A user of the school: 'role - status', and for other approved users the allowed actions (spec
 * §2.5); a deactivated user can be activated again, or deleted (issue 45).
 */
export function SchoolUserRow({ user, isMe, actions, onDelete, onDeactivate, onResetLink }: SchoolUserRowProps) {
  const remove: MenuAction = { label: 'Slett bruker', onSelect: () => onDelete(user), danger: true, testId: 'delete-user' };
  const deactivatedMenu: MenuAction[] = [
    { label: 'Aktiver bruker', onSelect: () => void actions.reactivate(user), testId: 'reactivate-user' },
    remove,
  ];
  const approvedMenu: MenuAction[] = [
    ...adminRoleTargets(user).map((role) => ({
      label: roleChangeLabel(role),
      onSelect: () => void actions.changeRole(user, role),
      testId: `role-${role}`,
    })),
    ...(user.signIn?.providers ?? []).map((provider) => ({
      label: `Fjern kobling til ${provider.name}`,
      onSelect: () => void actions.unlink(user, provider),
      testId: `unlink-${provider.id}`,
    })),
    { label: 'Lag lenke for nytt passord', onSelect: () => onResetLink(user), testId: 'reset-link-user' },
    { label: 'Deaktiver bruker', onSelect: () => onDeactivate(user), testId: 'deactivate-user' },
    remove,
  ];
  const menu = user.status === 'approved' ? approvedMenu : user.status === 'deactivated' ? deactivatedMenu : null;
  return (
    <li className="row" data-testid="school-user" data-user-id={user.id}>
      <UserText user={user}>
        <span className="row-meta" data-testid="role-status">
          {user.role} – {ADMIN_STATUS_LABEL[user.status]}
        </span>
        <SignInMethods user={user} />
      </UserText>
      <div className="row-actions">
        {isMe ? (
          <span className="pill pill-info">Du</span>
        ) : menu ? (
          <ActionMenu label={`Handlinger for ${user.name}`} actions={menu} testId="user-menu" />
        ) : null}
      </div>
    </li>
  );
}
