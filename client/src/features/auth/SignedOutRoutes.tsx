import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FORGOT_PASSWORD_PATH, PASSWORD_RESET_PATH, PLATFORM_LOGIN_PATH, REGISTER_PATH, STATEMENT_PATH } from '#protocol/product';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { LoginPage } from './LoginPage';

// Only the login page is in the first load: registration (with its school picker) and the portal
// login come when asked for.
const RegisterPage = lazy(() => import('./RegisterPage').then((m) => ({ default: m.RegisterPage })));
const PlatformLoginPage = lazy(() => import('./PlatformLoginPage').then((m) => ({ default: m.PlatformLoginPage })));
const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const AccessibilityStatementPage = lazy(() =>
  import('../accessibility/AccessibilityStatementPage').then((m) => ({ default: m.AccessibilityStatementPage })),
);

/** Signed out: /register, the portal login, and the login screen on every other path (spec §2.1). */
export function SignedOutRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path={REGISTER_PATH} element={<RegisterPage />} />
        <Route path={PLATFORM_LOGIN_PATH} element={<PlatformLoginPage />} />
        <Route path={STATEMENT_PATH} element={<AccessibilityStatementPage />} />
        <Route path={FORGOT_PASSWORD_PATH} element={<ForgotPasswordPage />} />
        <Route path={PASSWORD_RESET_PATH} element={<ResetPasswordPage />} />
        <Route path="*" element={<LoginPage />} />
      </Routes>
    </Suspense>
  );
}
