import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import './liveEvents';
import { ApprovedRoutes } from './ApprovedRoutes';
import './outboxSenders';
import { usePendingUserAnnouncements } from './features/announcements/usePendingUserAnnouncements';
import { DeactivatedPage, PendingPage } from './features/auth/AccountStatusPage';
import { RoleChangeRedirect } from './features/auth/RoleChangeRedirect';
import { SessionRuntime } from './features/auth/SessionRuntime';
import { PushSync } from './features/push/PushSync';
import { EvacuationBanner } from './features/evacuations/EvacuationBanner';
import { useAuthStore } from './stores/authStore';
import { PASSWORD_RESET_PATH, STATEMENT_PATH } from '#protocol/product';
import { LiveAnnouncer } from './ui/LiveAnnouncer';
import { LoadingScreen } from './ui/LoadingScreen';
import { OfflineBanner } from './ui/OfflineBanner';

// Read seldom: fetched when opened, not with every signed-in screen.
const AccessibilityStatementPage = lazy(() =>
  import('./features/accessibility/AccessibilityStatementPage').then((m) => ({ default: m.AccessibilityStatementPage })),
);
const ResetPasswordPage = lazy(() => import('./features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));

/**
 * Everything behind sign-in, in a chunk of its own: the sign-in pages load neither the screens nor
 * the live socket (issue 12: a phone on a slow line gets the login page first).
 */
export default function SignedInApp() {
  const status = useAuthStore((state) => state.user?.status);
  // A new role or school: every screen starts again, loading what it shows for who the user is now.
  const identity = useAuthStore((state) => (state.user ? `${state.user.id}:${state.user.role}:${state.user.schoolId ?? ''}` : ''));
  // The accessibility statement is open to every account, whatever its status.
  const path = useLocation().pathname;
  const statement = path === STATEMENT_PATH;
  // A link for a new password opened in a browser that is signed in (as anyone): the link still works.
  const passwordReset = path === PASSWORD_RESET_PATH;
  usePendingUserAnnouncements();
  return (
    <>
      <LiveAnnouncer />
      <OfflineBanner />
      <SessionRuntime />
      <PushSync />
      <RoleChangeRedirect />
      {statement || passwordReset ? (
        <Suspense fallback={<LoadingScreen />}>{statement ? <AccessibilityStatementPage /> : <ResetPasswordPage />}</Suspense>
      ) : status === 'approved' ? (
        <>
          <EvacuationBanner key={`evacuation:${identity}`} />
          <ApprovedRoutes key={identity} />
        </>
      ) : status === 'pending' ? (
        <PendingPage />
      ) : (
        <DeactivatedPage />
      )}
    </>
  );
}
