import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../ui/spinner';
import { PublicFrame } from '../layout/public-frame';
import { lazyPage } from '../lazy-page';
import { consoleFreeScreens, type ScreenId, type ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

// Each screen is its own download (the file, not the feature's index), so /login does not bring the
// registration's selects and the other forms along (docs/performance.md).
/** A screen of the auth feature, downloaded from its own file. */
function screenFile<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyPage<P>(() => load().then((component) => ({ default: component })));
}

// Plain lazy: only a screen's own file (lazyPage) decides about the one reload after a failed download.
const ConsoleProviders = lazy(() => import('../console-providers'));
// A public screen without a form of its own names itself (no link of the sign-in leads there).
const PublicPage = lazyPage(() => import('./public-page'));

const LoginScreen = screenFile(() => import('../../features/auth/login-screen').then((m) => m.LoginScreen));
const RegistrationScreen = screenFile(() => import('../../features/auth/registration-screen').then((m) => m.RegistrationScreen));
const EmailVerificationScreen = screenFile(() => import('../../features/auth/email-verification-screen').then((m) => m.EmailVerificationScreen));
const SurveyScreen = screenFile(() => import('../../features/auth/survey-screen').then((m) => m.SurveyScreen));
const ForgotPasswordScreen = screenFile(() => import('../../features/auth/forgot-password-screen').then((m) => m.ForgotPasswordScreen));
const LinkPasswordScreen = screenFile(() => import('../../features/auth/link-password-screen').then((m) => m.LinkPasswordScreen));
const ChangePasswordScreen = screenFile(() => import('../../features/auth/change-password-screen').then((m) => m.ChangePasswordScreen));
const InvalidTokenScreen = screenFile(() => import('../../features/auth/invalid-token-screen').then((m) => m.InvalidTokenScreen));

const authScreens: Partial<Record<ScreenId, () => ReactNode>> = {
  login: () => <LoginScreen />,
  registration: () => <RegistrationScreen />,
  emailVerificationCode: () => <EmailVerificationScreen />,
  surveyForm: () => <SurveyScreen />,
  forgotPassword: () => <ForgotPasswordScreen />,
  resetPassword: () => <LinkPasswordScreen purpose="PASSWORD_RESET" />,
  setAdminPassword: () => <LinkPasswordScreen purpose="INVITATION" />,
  changePassword: () => <ChangePasswordScreen />,
  invalidToken: () => <InvalidTokenScreen />,
};

/** A public sign-in, sign-up or password screen in the public frame, named after its screen. */
export default function AuthPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  const title = t(`screens.${screen}.title`);
  useDocumentTitle(title);
  const render = authScreens[screen];
  if (!render) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <ConsoleProviders>
          <PublicPage screen={screen} />
        </ConsoleProviders>
      </Suspense>
    );
  }
  // The frame waits for its screen, so the heading and the form appear together (no jump when it arrives).
  return (
    <Suspense fallback={<PageSpinner />}>
      <PublicFrame title={title}>{consoleFreeScreens.has(screen) ? render() : <ConsoleProviders>{render()}</ConsoleProviders>}</PublicFrame>
    </Suspense>
  );
}
