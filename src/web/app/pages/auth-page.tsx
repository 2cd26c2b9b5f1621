import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChangePasswordScreen,
  EmailVerificationScreen,
  ForgotPasswordScreen,
  InvalidTokenScreen,
  LinkPasswordScreen,
  LoginScreen,
  RegistrationScreen,
  SurveyScreen,
} from '../../features/auth';
import { PublicFrame } from '../layout/public-frame';
import type { ScreenId, ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';
import PublicPage from './public-page';

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
  if (!render) return <PublicPage screen={screen} />;
  return <PublicFrame title={title}>{render()}</PublicFrame>;
}
