/** The public sign-in, sign-up and password screens; app/pages/auth-page.tsx puts each in the public frame. */
export { ChangePasswordScreen } from './change-password-screen';
export { EmailVerificationScreen } from './email-verification-screen';
export { ForgotPasswordScreen } from './forgot-password-screen';
export { InvalidTokenScreen } from './invalid-token-screen';
export { LinkPasswordScreen } from './link-password-screen';
export { LoginScreen } from './login-screen';
export { RegistrationScreen } from './registration-screen';
export { SurveyScreen } from './survey-screen';
export { useCurrentUser } from './api/session-calls';
