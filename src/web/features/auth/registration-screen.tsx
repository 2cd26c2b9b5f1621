import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { TRIAL_DAYS } from '../../../domain/company/company.rules';
import { registerSchema } from '../../../domain/identity/identity.schema';
import { validateInput } from '../../lib/error-messages';
import { isLanguage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { TextField } from '../../ui/text-field';
import { useRegister } from './api/signup-calls';
import './components/auth-forms.css';
import { fieldProblemsOf, formWideError, useFormState } from './form-state';
import { keepSignUpTicket } from './signup-ticket';

/** Sign-up for the 30-day trial: the company and its super user; the code goes out by email. */
export function RegistrationScreen() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { values, errors, setErrors, field } = useFormState({ companyName: '', firstName: '', lastName: '', email: '', password: '', confirm: '' });
  const signUp = useRegister();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const locale = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
    const checked = validateInput(registerSchema, { ...values, locale });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    signUp.mutate(checked.value, {
      onSuccess: (answer) => {
        keepSignUpTicket(answer.email, answer.ticket);
        navigate(`/email-verification-code?email=${encodeURIComponent(answer.email)}`);
      },
      onError: (error) => setErrors(fieldProblemsOf(error)),
    });
  };

  return (
    <Form errors={errors} onSubmit={submit} aria-label={t('screens.registration.title')}>
      <p className="auth-intro">{t('auth.registration.intro', { days: TRIAL_DAYS })}</p>
      <FormError error={formWideError(signUp.error)} />
      <TextField {...field('companyName')} label={t('auth.fields.companyName')} autoComplete="organization" isRequired autoFocus />
      <div className="auth-row">
        <TextField {...field('firstName')} label={t('auth.fields.firstName')} autoComplete="given-name" isRequired />
        <TextField {...field('lastName')} label={t('auth.fields.lastName')} autoComplete="family-name" isRequired />
      </div>
      <TextField {...field('email')} label={t('auth.fields.email')} type="email" autoComplete="email" isRequired />
      <TextField
        {...field('password')}
        label={t('auth.fields.password')}
        description={t('auth.passwordRule')}
        type="password"
        autoComplete="new-password"
        isRequired
      />
      <TextField {...field('confirm')} label={t('auth.fields.confirmPassword')} type="password" autoComplete="new-password" isRequired />
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
