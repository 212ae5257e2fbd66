import type { ReactNode } from 'react';
import type { Role } from '#protocol';
import { useAuthStore } from '../stores/authStore';
import { NoAccess } from './NoAccess';

/** Renders children for the allowed roles, else the 'Ingen tilgang' screen. */
export function RequireRole({ roles, denyText, children }: { roles: readonly Role[]; denyText?: string; children: ReactNode }) {
  const role = useAuthStore((state) => state.user?.role);
  if (!role || !roles.includes(role)) return <NoAccess text={denyText} />;
  return <>{children}</>;
}
