import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { passwordPairSchema } from '../../../domain/identity/password.schema';
import { isApiError } from '../../lib/api';
import { formWideError, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { PageSpinner } from '../../ui/spinner';
import { useLinkToken, useSetPasswordFromLink, type LinkPurpose } from './api/password-calls';
import { NewPasswordFields } from './components/auth-form-parts';
import './components/auth-forms.css';

const checkPair = (draft: { password: string; confirm: string }) => validateInput(passwordPairSchema, draft);

/** The server refused the link itself (unknown, used, expired, or malformed): not worth a retry. */
const linkRefused = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

const texts: Record<LinkPurpose, { intro: string; submit: string; done: string }> = {
  PASSWORD_RESET: { intro: 'auth.resetPassword.intro', submit: 'auth.resetPassword.submit', done: 'auth.resetPassword.done' },
  INVITATION: { intro: 'auth.setAdminPassword.intro', submit: 'auth.setAdminPassword.submit', done: 'auth.setAdminPassword.done' },
};

/**
 * A new password from an emailed link: reset-password (PASSWORD_RESET) or set-admin-password
 * (INVITATION). The link is checked first; an invalid or used one leads to the invalid-token page.
 */
export function LinkPasswordScreen({ purpose }: { purpose: LinkPurpose }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const link = useLinkToken(token);
  const form = useSchemaForm({ initial: () => ({ password: '', confirm: '' }), check: checkPair });
  const field = form.field;
  const save = useSetPasswordFromLink();

  if (!token) return <Redirect to="/invalid-token" replace />;
  if (link.isPending) return <PageSpinner />;
  if (link.isError && linkRefused(link.error)) return <Redirect to="/invalid-token" replace />;
  if (link.data && link.data.purpose !== purpose) return <Redirect to="/invalid-token" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    save.mutate(
      { purpose, token, pair: checked },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t(texts[purpose].done) });
          navigate('/login', { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'INVALID_TOKEN') navigate('/invalid-token', { replace: true });
          else form.showServerProblems(error);
        },
      },
    );
  };

  if (link.isError) {
    return (
      <>
        <FormError error={link.error} />
        <Button variant="secondary" onPress={() => void link.refetch()}>
          {t('auth.tryAgain')}
        </Button>
      </>
    );
  }

  return (
    <Form onSubmit={submit} aria-label={t(texts[purpose].submit)}>
      <p className="auth-intro">{t(texts[purpose].intro, { name: link.data.firstName, email: link.data.email })}</p>
      <FormError error={formWideError(save.error)} />
      <input type="email" name="username" value={link.data.email} autoComplete="username" readOnly hidden />
      <NewPasswordFields password={field('password')} confirm={field('confirm')} autoFocus />
      <Button type="submit" isDisabled={save.isPending}>
        {t(texts[purpose].submit)}
      </Button>
    </Form>
  );
}
