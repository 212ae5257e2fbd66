import { useSearchParams } from 'react-router-dom';
import { SCHOOL_ADMIN_ROLES } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';

/** The yearly page's own parameters, as it passed them on (year, week, user). */
const YEARLY_PARAMS = ['year', 'week', 'user'] as const;

export interface ReportLinks {
  isAdmin: boolean;
  /** Opened from the yearly page: its links keep ?source=yearly (with the page's year, week and user). */
  yearly: boolean;
  /** Where 'back' goes: /rapporter, or the yearly page as it was left, for an admin who came from there. */
  back: string;
  detail(id: string): string;
  edit(id: string): string;
}

export function useReportLinks(): ReportLinks {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const isAdmin = SCHOOL_ADMIN_ROLES.includes(user.role);
  const yearly = params.get('source') === 'yearly';
  const kept = new URLSearchParams();
  for (const name of YEARLY_PARAMS) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  const choice = kept.size ? `?${kept.toString()}` : '';
  const suffix = yearly ? `?source=yearly${kept.size ? `&${kept.toString()}` : ''}` : '';
  return {
    isAdmin,
    yearly,
    back: yearly && isAdmin ? `/admin/aarsrapport${choice}` : '/rapporter',
    detail: (id) => `/rapport/${encodeURIComponent(id)}${suffix}`,
    edit: (id) => `/rapport/${encodeURIComponent(id)}/rediger${suffix}`,
  };
}
