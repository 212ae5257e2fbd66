import { Route, Routes } from 'react-router-dom';
import { LoginPage } from './LoginPage';
import { PlatformLoginPage } from './PlatformLoginPage';
import { RegisterPage } from './RegisterPage';

/** Signed out: /register, the portal login, and the login screen on every other path (spec §2.1). */
export function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/plattformadministrator-login" element={<PlatformLoginPage />} />
      <Route path="*" element={<LoginPage />} />
    </Routes>
  );
}
