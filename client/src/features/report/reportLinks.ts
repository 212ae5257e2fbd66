import { useSearchParams } from 'react-router-dom';
import { mayRole, POLICY } from '#protocol';
import { useCurrentUser } from '../../stores/authStore';

/** The yearly page's own parameters, as it passed them on (year, week, user). */
const YEARLY_PARAMS = ['year', 'week', 'user'] as const;

export interface ReportLinks {
  /** May correct and delete reports (the policy table's reports.change). */
  mayChange: boolean;
  /** Goes back to the yearly page (an office page) rather than /rapporter. */
  backToYearly: boolean;
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
  const backToYearly = params.get('source') === 'yearly' && mayRole(POLICY.reportArchive.see, user.role);
  const yearly = params.get('source') === 'yearly';
  const kept = new URLSearchParams();
  for (const name of YEARLY_PARAMS) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  const choice = kept.size ? `?${kept.toString()}` : '';
  const suffix = yearly ? `?source=yearly${kept.size ? `&${kept.toString()}` : ''}` : '';
  return {
    mayChange: mayRole(POLICY.reports.change, user.role),
    backToYearly,
    yearly,
    back: backToYearly ? `/admin/aarsrapport${choice}` : '/rapporter',
    detail: (id) => `/rapport/${encodeURIComponent(id)}${suffix}`,
    edit: (id) => `/rapport/${encodeURIComponent(id)}/rediger${suffix}`,
  };
}
