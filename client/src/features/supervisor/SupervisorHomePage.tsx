import { formatLongDayNo, PRODUCT_NAME, SCHOOL_ADMIN_ROLES } from '../../../../protocol/src';
import { useAuthStore } from '../../stores/authStore';
import { AppHeader } from '../../ui/AppHeader';
import { BottomNav } from '../../ui/BottomNav';
import { useToday } from './useToday';

/** SUPERVISOR_HOME: the supervisor home. Tasks, report and chips arrive with their own features. */
export function SupervisorHomePage() {
  const isAdmin = useAuthStore((state) => !!state.user && SCHOOL_ADMIN_ROLES.includes(state.user.role));
  const today = useToday();
  return (
    <div className="app-shell">
      <AppHeader
        title={PRODUCT_NAME}
        subtitle={<span data-testid="today">{formatLongDayNo(today)}</span>}
        backTo={isAdmin ? '/admin' : undefined}
        backLabel="Tilbake til Admin Meny"
      />
      <main className="page" data-testid="supervisor-home" />
      <BottomNav />
    </div>
  );
}
