import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { loginKindOf } from '../../../domain/identity/identity.rules';
import { loginSchema } from '../../../domain/identity/identity.schema';
import { passwordSchema } from '../../../domain/identity/password.schema';
import { isApiError } from '../../lib/api';
import { describeError, formWideError, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { TextField } from '../../ui/text-field';
import { useAuthenticate } from './api/session-calls';
import './components/auth-forms.css';

/** Spec section 5: both fields required, and the password must follow the password rule. */
const loginFormSchema = loginSchema.extend({
  password: z.string().min(1, 'validation.required').pipe(passwordSchema),
});

const checkLogin = (draft: { usernameOrEmail: string; password: string }) => validateInput(loginFormSchema, draft);

/** Seconds the server asks to wait after too many failed sign-ins, from the 429's details. */
function retryAfterSeconds(error: unknown): number {
  const seconds = isApiError(error) ? Number(error.details.find((detail) => detail.params?.retryAfterSeconds)?.params?.retryAfterSeconds) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
}

/** Sign-in by email (super users, administration users, the master) or username (operators). */
export function LoginScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const form = useSchemaForm({ initial: () => ({ usernameOrEmail: '', password: '' }), check: checkLogin });
  const signIn = useAuthenticate();

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
    <Form onSubmit={submit} aria-label={t('screens.login.title')}>
      <p className="auth-intro">{t('auth.login.intro')}</p>
      {message ? (
        <FormError>
          {message}
          {unconfirmedEmail !== null ? (
            <>
              {' '}
              <Link href={`/email-verification-code?email=${encodeURIComponent(unconfirmedEmail)}`}>{t('auth.login.confirmEmail')}</Link>
            </>
          ) : null}
        </FormError>
      ) : null}
      <TextField {...form.field('usernameOrEmail')} label={t('auth.fields.usernameOrEmail')} autoComplete="username" isRequired autoFocus />
      <TextField {...form.field('password')} label={t('auth.fields.password')} type="password" autoComplete="current-password" isRequired />
      <div className="auth-links">
        <Link href="/forgot-password">{t('auth.login.forgotPassword')}</Link>
        <Link href="/registration">{t('auth.login.startTrial')}</Link>
      </div>
      <Button type="submit" isDisabled={signIn.isPending}>
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}
