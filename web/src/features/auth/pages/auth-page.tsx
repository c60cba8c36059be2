import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';

import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { ActivatePage } from './activate-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { RegisteredPage } from './registered-page';
import { ResetPasswordPage } from './reset-password-page';
import { WelcomePage } from './welcome-page';
import '../auth.css';

/**
 * Sign-in at /{lang}/login, the spec's route (docs/spec-coverage.md#s2-login-sign-canonical-auth):
 * ?next=/path to come back to, ?return_to=https://... for the store redirect reply. Its own route, outside
 * /auth/, so it is loaded with this same chunk.
 */
export function LoginRoute() {
  useTranslation('auth');
  return (
    <div className="auth">
      <LoginPage />
    </div>
  );
}

/** Sends an old /auth/login link (and anything unknown under /auth/) to /login, keeping its query. */
function ToLogin() {
  const language = useCurrentLanguage();
  const { search } = useLocation();
  return <Navigate to={localizePath(`/login${search}`, language)} replace />;
}

/**
 * The other auth screens under /{lang}/auth/:
 * - register (a choice), register?as=practitioner, register?as=client
 * - registered (check your e-mail), activate/:token, welcome/practitioner, welcome/client
 * - forgot-password, reset-password/:token
 * Anything else, /auth/login included, goes to /login.
 */
export function AuthPage() {
  // Loads the auth texts once for every screen below (this chunk suspends until they are there).
  useTranslation('auth');
  const toLogin = <ToLogin />;
  return (
    <div className="auth">
      <Routes>
        <Route index element={toLogin} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="registered" element={<RegisteredPage />} />
        <Route path="activate/:token" element={<ActivatePage />} />
        <Route path="welcome/:kind" element={<WelcomePage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="*" element={toLogin} />
      </Routes>
    </div>
  );
}
