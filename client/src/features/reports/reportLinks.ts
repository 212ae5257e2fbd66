import { useSearchParams } from 'react-router-dom';
import { SCHOOL_ADMIN_ROLES } from '../../../../protocol/src';
import { useCurrentUser } from '../../stores/authStore';

export interface ReportLinks {
  isAdmin: boolean;
  /** Opened from the yearly page: its links keep ?source=yearly. */
  yearly: boolean;
  /** Where 'back' goes: /rapporter, or the yearly page for an admin who came from there. */
  back: string;
  detail(id: string): string;
  edit(id: string): string;
}

export function useReportLinks(): ReportLinks {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const isAdmin = SCHOOL_ADMIN_ROLES.includes(user.role);
  const yearly = params.get('source') === 'yearly';
  const suffix = yearly ? '?source=yearly' : '';
  return {
    isAdmin,
    yearly,
    back: yearly && isAdmin ? '/admin/aarsrapport' : '/rapporter',
    detail: (id) => `/rapport/${encodeURIComponent(id)}${suffix}`,
    edit: (id) => `/rapport/${encodeURIComponent(id)}/rediger${suffix}`,
  };
}
