import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailOnlySchema } from '../../../domain/identity/identity.schema';
import { formWideError, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { TextField } from '../../ui/text-field';
import { useRequestPasswordReset } from './api/password-calls';
import './components/auth-forms.css';

const checkEmail = (draft: { email: string }) => validateInput(emailOnlySchema, draft);

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const form = useSchemaForm({ initial: () => ({ email: '' }), check: checkEmail });
  const reset = useRequestPasswordReset();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    reset.mutate(checked.email, { onError: form.showServerProblems });
  };

  const backToSignIn = (
    <Link variant="button" href="/login">
      {t('common.actions.backToSignIn')}
    </Link>
  );

  if (reset.isSuccess) {
    return (
      <>
        <div className="auth-done" role="status">
          <p>{t('auth.forgotPassword.sent', { email: reset.variables })}</p>
        </div>
        {backToSignIn}
      </>
    );
  }

  return (
    <Form onSubmit={submit} aria-label={t('screens.forgotPassword.title')}>
      <p className="auth-intro">{t('auth.forgotPassword.intro')}</p>
      <FormError error={formWideError(reset.error)} />
      <TextField {...form.field('email')} label={t('auth.fields.email')} type="email" autoComplete="email" isRequired autoFocus />
      <Button type="submit" isDisabled={reset.isPending}>
        {t('auth.forgotPassword.submit')}
      </Button>
      {backToSignIn}
    </Form>
  );
}
