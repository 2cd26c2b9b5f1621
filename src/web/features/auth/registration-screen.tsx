import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { TRIAL_DAYS } from '../../../domain/company/company.rules';
import { registerSchema } from '../../../domain/identity/identity.schema';
import { formWideError, validateInput } from '../../lib/error-messages';
import { isLanguage } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { TextField } from '../../ui/text-field';
import { useRegister } from './api/signup-calls';
import './components/auth-forms.css';
import { keepSignUpTicket } from './signup-ticket';

interface SignUpDraft {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirm: string;
}

/** Sign-up for the 30-day trial: the company and its super user; the code goes out by email. */
export function RegistrationScreen() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const locale = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const check = useCallback((draft: SignUpDraft) => validateInput(registerSchema, { ...draft, locale }), [locale]);
  const form = useSchemaForm({ initial: () => ({ companyName: '', firstName: '', lastName: '', email: '', password: '', confirm: '' }), check });
  const signUp = useRegister();
  const field = form.field;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    signUp.mutate(checked, {
      onSuccess: (answer) => {
        keepSignUpTicket(answer.email, answer.ticket);
        navigate(`/email-verification-code?email=${encodeURIComponent(answer.email)}`);
      },
      onError: form.showServerProblems,
    });
  };

  return (
    <Form onSubmit={submit} aria-label={t('screens.registration.title')}>
      <p className="auth-intro">{t('auth.registration.intro', { days: TRIAL_DAYS })}</p>
      <FormError error={formWideError(signUp.error)} />
      <TextField {...field('companyName')} label={t('auth.fields.companyName')} autoComplete="organization" isRequired autoFocus />
      <div className="auth-row">
        <TextField {...field('firstName')} label={t('auth.fields.firstName')} autoComplete="given-name" isRequired />
        <TextField {...field('lastName')} label={t('auth.fields.lastName')} autoComplete="family-name" isRequired />
      </div>
      <TextField {...field('email')} label={t('auth.fields.email')} type="email" autoComplete="email" isRequired />
      <NewPasswordFields
        password={field('password')}
        confirm={field('confirm')}
        passwordLabel={t('auth.fields.password')}
        rule={t('auth.passwordRule')}
        confirmLabel={t('auth.fields.confirmPassword')}
      />
      <Button type="submit" isDisabled={signUp.isPending}>
        {t('auth.registration.submit')}
      </Button>
      <div className="auth-links">
        <span>
          {t('auth.registration.haveAccount')} <Link href="/login">{t('auth.registration.signIn')}</Link>
        </span>
      </div>
    </Form>
  );
}
