import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import {
  CARETAKER_ROLE,
  landingPath,
  EVACUATION_ROUTE,
  EVACUATIONS_PATH,
  MIN_KONTO_PATH,
  ROLL_CALL_ROUTE,
  ROLL_CALLS_PATH,
  OWN_CASES_PATH,
  PLATFORM_ADMIN_ROLE,
  POLICY,
  SCHOOL_ADMIN_ROLES,
  SUPERVISOR_HOME,
  type Grant,
  type Role,
} from '#protocol';
import { AdminMenuPage } from './features/admin/AdminMenuPage';
import { AuditPage } from './features/audit/AuditPage';
import { StudentDataPage } from './features/students/StudentDataPage';
import { SickAndAwayPage } from './features/away/SickAndAwayPage';
import { TripsPage } from './features/away/TripsPage';
import { ClassesPage } from './features/classes/ClassesPage';
import { ChangePasswordPage } from './features/auth/ChangePasswordPage';
import { CaretakerHomePage } from './features/caretaker/CaretakerHomePage';
import { ArchivePage } from './features/maintenance/ArchivePage';
import { MaintenancePage } from './features/maintenance/MaintenancePage';
import { OwnCasesPage } from './features/maintenance/OwnCasesPage';
import { PlatformHomePage } from './features/platform/PlatformHomePage';
import { PlatformSchoolPage } from './features/platform/PlatformSchoolPage';
import { RecentReportsPage } from './features/report/RecentReportsPage';
import { WeeklyReportPage } from './features/officeReports/WeeklyReportPage';
import { YearlyReportPage } from './features/officeReports/YearlyReportPage';
import { YesterdayReportPage } from './features/officeReports/YesterdayReportPage';
import { ReportEditPage } from './features/report/ReportEditPage';
import { ReportPage } from './features/report/ReportPage';
import { SupervisorHomePage } from './features/supervisor/SupervisorHomePage';
import { EvacuationScreen } from './features/evacuations/evacuationChunk';
import { RollCallScreen, RollCallsScreen } from './features/rollCalls/rollCallChunk';
import { TaskButtonsPage } from './features/taskButtons/TaskButtonsPage';
import { UsersPage } from './features/users/UsersPage';
import { useCurrentUser } from './stores/authStore';
import { destinationAfterSignIn } from './stores/returnPath';
import { LoadingScreen } from './ui/LoadingScreen';
import { NotFoundPage } from './ui/NotFoundPage';
import { RequireRole } from './ui/RequireRole';

// Min konto (passkeys, the authenticator app, sessions) is opened seldom: a chunk of its own, fetched when opened.
const AccountPage = lazy(() => import('./features/auth/AccountPage').then((m) => ({ default: m.AccountPage })));
// The register of students (issue 46), with its file import: the office's, opened seldom.
const RegisterPage = lazy(() => import('./features/register/RegisterPage').then((m) => ({ default: m.RegisterPage })));

/** The caretaker's own screen (the Plattformadministrator may look in); Admins work the cases from their menu. */
const CARETAKER_PAGE_ROLES: readonly Role[] = [CARETAKER_ROLE, PLATFORM_ADMIN_ROLE];

/** What / shows for each role (spec §2.3). */
function RoleHome({ role }: { role: Role }) {
  if (role === PLATFORM_ADMIN_ROLE) return <PlatformHomePage />;
  if (role === 'Admin') return <AdminMenuPage />;
  if (role === CARETAKER_ROLE) return <CaretakerHomePage />;
  return <SupervisorHomePage />;
}

/** Where a sign-in that just ended on a sign-in page goes: the page it was asked to return to, else the role's home. */
function ReturnAfterSignIn({ role }: { role: Role }) {
  const location = useLocation();
  return <Navigate to={destinationAfterSignIn(location, role, window.location.origin)} replace />;
}

/** The old platform paths still work (DECISIONS: both readings). */
function SuperadminSchoolRedirect() {
  const { schoolId = '' } = useParams();
  return <Navigate to={`/plattformadministrator/schools/${encodeURIComponent(schoolId)}`} replace />;
}

/** The admin menu's screens (SCHOOL_ADMIN_ROLES administer a school). */
const adminOnly = (page: ReactNode) => <RequireRole roles={SCHOOL_ADMIN_ROLES}>{page}</RequireRole>;
/** A screen of one kind of data, for the roles the policy table lets do what it does (see or change). */
const allowed = (grant: Grant, page: ReactNode, denyText?: string) => (
  <RequireRole roles={grant.roles} denyText={denyText}>
    {page}
  </RequireRole>
);

/** A screen in a chunk of its own, with the loading screen while it comes. */
const inChunk = (page: ReactNode) => <Suspense fallback={<LoadingScreen />}>{page}</Suspense>;

/** The users screen is the school Admin's (spec §6); the Plattformadministrator manages users on the platform pages. */
export function ApprovedRoutes() {
  const { role } = useCurrentUser();
  const landing = <Navigate to={landingPath(role)} replace />;
  // A sign-in page reached signed in: the page its 'tilbake' names, if this role may open it (issue 44).
  const signedInOnSignInPage = <ReturnAfterSignIn role={role} />;
  return (
    <Routes>
      <Route path="/" element={<RoleHome role={role} />} />
      <Route path="/login" element={signedInOnSignInPage} />
      <Route path="/register" element={landing} />
      <Route path="/plattformadministrator-login" element={signedInOnSignInPage} />
      <Route path="/admin" element={adminOnly(<AdminMenuPage />)} />
      <Route path="/admin/meny" element={adminOnly(<AdminMenuPage />)} />
      <Route path={SUPERVISOR_HOME} element={<SupervisorHomePage />} />
      <Route path={ROLL_CALLS_PATH} element={allowed(POLICY.rollCalls.see, inChunk(<RollCallsScreen.Component />))} />
      <Route path={ROLL_CALL_ROUTE} element={allowed(POLICY.rollCalls.see, inChunk(<RollCallScreen.Component />))} />
      <Route path={EVACUATIONS_PATH} element={allowed(POLICY.evacuation.see, inChunk(<EvacuationScreen.Component />))} />
      <Route path={EVACUATION_ROUTE} element={allowed(POLICY.evacuation.see, inChunk(<EvacuationScreen.Component />))} />
      <Route path="/rapporter" element={<RecentReportsPage />} />
      <Route path="/rapport/:id" element={<ReportPage />} />
      <Route path="/rapport/:id/rediger" element={allowed(POLICY.reports.change, <ReportEditPage />)} />
      <Route path="/admin/gjoremaal" element={allowed(POLICY.taskButtons.change, <TaskButtonsPage />)} />
      <Route
        path="/vaktmester"
        element={
          <RequireRole roles={CARETAKER_PAGE_ROLES} denyText="Du har ikke tilgang til vaktmestersiden.">
            <CaretakerHomePage />
          </RequireRole>
        }
      />
      <Route path="/admin/brukere" element={allowed(POLICY.users.see, <UsersPage />)} />
      <Route path="/admin/klasser" element={allowed(POLICY.classes.see, <ClassesPage />)} />
      <Route path="/admin/syke-og-bortreist" element={allowed(POLICY.sickList.change, <SickAndAwayPage />)} />
      <Route path="/admin/reiser" element={allowed(POLICY.trips.see, <TripsPage />)} />
      <Route path="/admin/ukesrapport" element={allowed(POLICY.reportArchive.see, <WeeklyReportPage />)} />
      <Route path="/admin/aarsrapport" element={allowed(POLICY.reportArchive.see, <YearlyReportPage />)} />
      <Route path="/admin/gaarsdagens-rapport" element={allowed(POLICY.reportArchive.see, <YesterdayReportPage />)} />
      <Route path="/admin/logg" element={allowed(POLICY.audit.see, <AuditPage />)} />
      <Route path="/admin/elevopplysninger" element={allowed(POLICY.students.see, <StudentDataPage />)} />
      <Route
        path="/admin/elever"
        element={allowed(
          POLICY.registerDetails.see,
          <Suspense fallback={<LoadingScreen />}>
            <RegisterPage />
          </Suspense>,
        )}
      />
      <Route
        path="/admin/vedlikehold"
        element={
          <RequireRole roles={SCHOOL_ADMIN_ROLES} denyText="Du har ikke tilgang til vedlikeholdsstyring.">
            <MaintenancePage />
          </RequireRole>
        }
      />
      <Route path={OWN_CASES_PATH} element={allowed(POLICY.ownCases.see, <OwnCasesPage />, 'Du har ikke tilgang til Mine saker.')} />
      <Route path="/arkiv" element={allowed(POLICY.maintenance.see, <ArchivePage />, 'Du har ikke tilgang til arkivet.')} />
      <Route path="/plattformadministrator" element={allowed(POLICY.platform.see, <PlatformHomePage />)} />
      <Route path="/plattformadministrator/schools/:schoolId" element={allowed(POLICY.platform.see, <PlatformSchoolPage />)} />
      <Route path="/superadmin" element={<Navigate to="/plattformadministrator" replace />} />
      <Route path="/superadmin/schools/:schoolId" element={<SuperadminSchoolRedirect />} />
      <Route path="/change-password" element={<ChangePasswordPage />} />
      <Route
        path={MIN_KONTO_PATH}
        element={
          <Suspense fallback={<LoadingScreen />}>
            <AccountPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
