import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { changePasswordSchema } from '../../../domain/identity/identity.schema';
import { useAuth } from '../../lib/auth';
import { formWideError, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Form, FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useChangePassword } from './api/password-calls';
import { useCurrentUser } from './api/session-calls';
import { LeaveOrSubmit, NewPasswordFields } from './components/auth-form-parts';
import './components/auth-forms.css';

const checkChange = (draft: { currentPassword: string; password: string; confirm: string }) => validateInput(changePasswordSchema, draft);

/** The signed-in user chooses a new password; their other sessions end on the server. */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { status } = useAuth();
  const notify = useNotify();
  const user = useCurrentUser();
  const form = useSchemaForm({ initial: () => ({ currentPassword: '', password: '', confirm: '' }), check: checkChange });
  const field = form.field;
  const change = useChangePassword();

  if (status === 'loading') return <PageSpinner />;
  if (status === 'unauthenticated') return <Redirect to="/login" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    change.mutate(checked, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('auth.changePassword.done') });
        navigate('/home');
      },
      onError: form.showServerProblems,
    });
  };

  return (
    <Form onSubmit={submit} aria-label={t('screens.changePassword.title')}>
      {user.data ? <p className="auth-intro">{t('auth.changePassword.signedInAs', { name: `${user.data.firstName} ${user.data.lastName}`.trim() })}</p> : null}
      <FormError error={formWideError(change.error)} />
      <input type="text" name="username" value={user.data?.email ?? user.data?.username ?? ''} autoComplete="username" readOnly hidden />
      <TextField {...field('currentPassword')} label={t('auth.fields.currentPassword')} type="password" autoComplete="current-password" isRequired autoFocus />
      <NewPasswordFields password={field('password')} confirm={field('confirm')} />
      <LeaveOrSubmit leaveLabel={t('common.actions.cancel')} submitLabel={t('auth.changePassword.submit')} isPending={change.isPending} />
    </Form>
  );
}
