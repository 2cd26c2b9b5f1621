import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { changePasswordSchema } from '../../../domain/identity/identity.schema';
import { useAuth } from '../../lib/auth';
import { validateInput } from '../../lib/error-messages';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useChangePassword } from './api/password-calls';
import { useCurrentUser } from './api/session-calls';
import './components/auth-forms.css';
import { fieldProblemsOf, formWideError, useFormState } from './form-state';

/** The signed-in user chooses a new password; their other sessions end on the server. */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { status } = useAuth();
  const notify = useNotify();
  const user = useCurrentUser();
  const { values, errors, setErrors, field } = useFormState({ currentPassword: '', password: '', confirm: '' });
  const change = useChangePassword();

  if (status === 'loading') return <PageSpinner />;
  if (status === 'unauthenticated') return <Redirect to="/login" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateInput(changePasswordSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    change.mutate(checked.value, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('auth.changePassword.done') });
        navigate('/home');
      },
      onError: (error) => setErrors(fieldProblemsOf(error)),
    });
  };

  return (
    <Form errors={errors} onSubmit={submit} aria-label={t('screens.changePassword.title')}>
      {user.data ? (
        <p className="auth-intro">{t('auth.changePassword.signedInAs', { name: `${user.data.firstName} ${user.data.lastName}`.trim() })}</p>
      ) : null}
      <FormError error={formWideError(change.error)} />
      <input type="text" name="username" value={user.data?.email ?? user.data?.username ?? ''} autoComplete="username" readOnly hidden />
      <TextField {...field('currentPassword')} label={t('auth.fields.currentPassword')} type="password" autoComplete="current-password" isRequired autoFocus />
      <TextField
        {...field('password')}
        label={t('auth.fields.newPassword')}
        description={t('auth.passwordRule')}
        type="password"
        autoComplete="new-password"
        isRequired
      />
      <TextField {...field('confirm')} label={t('auth.fields.confirmPassword')} type="password" autoComplete="new-password" isRequired />
      <div className="auth-actions">
        <Link variant="button" href="/home">
          {t('common.actions.cancel')}
        </Link>
        <Button type="submit" isDisabled={change.isPending}>
          {t('auth.changePassword.submit')}
        </Button>
      </div>
    </Form>
  );
}
