import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { verifyEmailSchema } from '../../../domain/identity/identity.schema';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { describeError, formWideError, translateDetail, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { TextField } from '../../ui/text-field';
import { useResendCode, useVerifyEmail } from './api/signup-calls';
import { CodeInput } from './components/code-input';
import './components/auth-forms.css';
import { forgetSignUpTicket, signUpTicketFor } from './signup-ticket';

const CODE_LENGTH = 6;
const emptyCode = () => Array.from({ length: CODE_LENGTH }, () => '');

interface CodeDraft {
  email: string;
  digits: string[];
}

const checkCode = ({ email, digits }: CodeDraft) => validateInput(verifyEmailSchema, { email, code: digits.join(''), ticket: signUpTicketFor(email) });

/**
 * The 6-digit code from the sign-up email. With the sign-up ticket still valid the new user is
 * signed in and goes on to the survey; otherwise they sign in by hand.
 */
export function EmailVerificationScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { login } = useAuth();
  const notify = useNotify();
  const emailInLink = new URLSearchParams(useSearch()).get('email') ?? '';
  const form = useSchemaForm({ initial: (): CodeDraft => ({ email: emailInLink, digits: emptyCode() }), check: checkCode });
  const { email, digits } = form.draft;
  const verify = useVerifyEmail();
  const resend = useResendCode();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    verify.mutate(checked, {
      onSuccess: (answer) => {
        forgetSignUpTicket();
        if (answer.session) {
          login(answer.session);
          navigate('/survey-form', { replace: true });
        } else {
          notify({ severity: 'success', message: t('auth.verify.confirmedSignIn') });
          navigate('/login', { replace: true });
        }
      },
      onError: (error) => {
        // The boxes empty for the next try; the problem stays until a digit is typed.
        form.patch({ digits: emptyCode() });
        form.showServerProblems(error);
      },
    });
  };

  const sendAgain = () => {
    const checked = validateInput(verifyEmailSchema.pick({ email: true }), { email });
    if (!checked.ok) {
      form.showProblems(checked.errors);
      return;
    }
    resend.mutate(checked.value.email, {
      onSuccess: () => {
        form.patch({ digits: emptyCode() });
        notify({ severity: 'success', message: t('auth.verify.codeSent') });
      },
      onError: (error) => {
        const limited = isApiError(error) && error.code === 'TOO_MANY_REQUESTS';
        notify({ severity: 'error', message: limited ? t('auth.verify.resendLimit') : describeError(t, error) });
      },
    });
  };

  const codeProblem = form.problem('code');
  const codeError = codeProblem ? translateDetail(t, codeProblem) : undefined;

  return (
    <Form onSubmit={submit} aria-label={t('screens.emailVerificationCode.title')}>
      <p className="auth-intro">{emailInLink ? t('auth.verify.sentTo', { email: emailInLink }) : t('auth.verify.intro')}</p>
      <FormError error={formWideError(verify.error)} />
      {emailInLink ? null : (
        <TextField
          name="email"
          value={email}
          onChange={(value) => form.patch({ email: value })}
          errorDetail={form.problem('email')}
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          isRequired
        />
      )}
      <CodeInput
        digits={digits}
        onChange={(next) => form.patch({ digits: next })}
        label={t('auth.verify.codeLabel')}
        errorText={codeError}
        isDisabled={verify.isPending}
      />
      <Button type="submit" isDisabled={verify.isPending}>
        {t('auth.verify.submit')}
      </Button>
      <div className="auth-links">
        <span>{t('auth.verify.noCode')}</span>
        <Button variant="quiet" onPress={sendAgain} isDisabled={resend.isPending}>
          {t('auth.verify.resend')}
        </Button>
      </div>
      {/* The server answers a confirmed address like a wrong code (it tells nobody which addresses exist), so the way out is always shown. */}
      <div className="auth-links">
        <span>{t('auth.verify.alreadyConfirmed')}</span>
        <Link href="/login">{t('auth.verify.goToSignIn')}</Link>
      </div>
    </Form>
  );
}
