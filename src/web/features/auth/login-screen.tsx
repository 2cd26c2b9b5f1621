import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { checkSignIn, loginKindOf, type SignInInput } from '../../../domain/identity/identity.rules';
import { isApiError } from '../../lib/api';
import { describeError, firstPerPath, formWideError } from '../../lib/problem-texts';
import { useSchemaForm, type DraftCheck } from '../../lib/use-schema-form';
import { FormError } from '../../ui/form-error';
import { NativeSubmitButton, NativeTextField } from '../../ui/native-fields';
import { useSignIn } from './api/sign-in';
import './components/auth-forms.css';

/** Spec section 5: both fields required, and the password must follow the password rule (the domain's, without zod). */
const checkLogin = (draft: SignInInput): DraftCheck<SignInInput> => {
  const checked = checkSignIn(draft);
  return checked.ok ? checked : { ok: false, errors: firstPerPath(checked.problems) };
};

/** Seconds the server asks to wait after too many failed sign-ins, from the 429's details. */
function retryAfterSeconds(error: unknown): number {
  const seconds = isApiError(error) ? Number(error.details.find((detail) => detail.params?.retryAfterSeconds)?.params?.retryAfterSeconds) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
}

/**
 * Sign-in by email (super users, administration users, the master) or username (operators). The page a visitor
 * opens first: its form is the browser's own elements, its rules the domain's without zod, its request without
 * the query library (docs/performance.md, Budgets).
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const form = useSchemaForm({ initial: () => ({ usernameOrEmail: '', password: '' }), check: checkLogin });
  const signIn = useSignIn();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    signIn.mutate(checked, {
      onSuccess: () => navigate('/home', { replace: true }),
      onError: form.showServerProblems,
    });
  };

  const failure = (): string | null => {
    const error = signIn.error;
    if (!error) return null;
    if (!isApiError(error)) return describeError(t, error);
    const triedName = signIn.variables?.usernameOrEmail ?? '';
    if (error.code === 'INVALID_CREDENTIALS') {
      return loginKindOf(triedName) === 'email' ? t('auth.login.incorrectEmail') : t('auth.login.incorrectUsername');
    }
    if (error.code === 'TOO_MANY_REQUESTS') return t('auth.login.tooManyAttempts', { minutes: Math.ceil(retryAfterSeconds(error) / 60) });
    if (!formWideError(error)) return null;
    return describeError(t, error);
  };
  const unconfirmedEmail = isApiError(signIn.error) && signIn.error.code === 'EMAIL_NOT_CONFIRMED' ? (signIn.variables?.usernameOrEmail ?? '') : null;
  const message = failure();

  return (
    <form className="form" onSubmit={submit} aria-label={t('screens.login.title')}>
      <p className="auth-intro">{t('auth.login.intro')}</p>
      {message ? (
        <FormError>
          {message}
          {unconfirmedEmail !== null ? (
            <>
              {' '}
              <Link className="link" href={`/email-verification-code?email=${encodeURIComponent(unconfirmedEmail)}`}>
                {t('auth.login.confirmEmail')}
              </Link>
            </>
          ) : null}
        </FormError>
      ) : null}
      <NativeTextField {...form.field('usernameOrEmail')} label={t('auth.fields.usernameOrEmail')} autoComplete="username" isRequired autoFocus />
      <NativeTextField {...form.field('password')} label={t('auth.fields.password')} type="password" autoComplete="current-password" isRequired />
      <div className="auth-links">
        <Link className="link" href="/forgot-password">
          {t('auth.login.forgotPassword')}
        </Link>
        <Link className="link" href="/registration">
          {t('auth.login.startTrial')}
        </Link>
      </div>
      <NativeSubmitButton isDisabled={signIn.isPending}>{t('auth.login.submit')}</NativeSubmitButton>
    </form>
  );
}
