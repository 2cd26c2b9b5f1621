import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createAdminUserSchema, createOperationsUserSchema } from '../../../../domain/identity/identity.schema';
import { fieldErrorsFromApiError, formWideError, validateInput, type FieldErrors } from '../../../lib/error-messages';
import { isLanguage } from '../../../lib/i18n';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { NewPasswordFields } from '../../../ui/new-password-fields';
import { TextField } from '../../../ui/text-field';
import { useCreateOperationsUser, useInviteAdminUser } from '../api/users';

// The catalogue's USER_ALREADY_EXISTS text speaks of an email; on the username it needs its own words.
function withUsernameTaken(errors: FieldErrors): FieldErrors {
  const taken = errors.username?.message === 'errors.USER_ALREADY_EXISTS';
  return taken ? { ...errors, username: { path: 'username', message: 'teamUsers.operator.usernameTaken' } } : errors;
}

interface AdminDraft {
  firstName: string;
  lastName: string;
  email: string;
}

const checkOperator = (draft: { firstName: string; lastName: string; username: string; password: string; confirm: string }) =>
  validateInput(createOperationsUserSchema, draft);

interface NewUserFormProps {
  onDone: () => void;
}

/** First name, last name and email: the administration user gets an invitation to set a password. */
export function InviteAdminForm({ onDone }: NewUserFormProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const locale = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
  const check = useCallback((draft: AdminDraft) => validateInput(createAdminUserSchema, { ...draft, locale }), [locale]);
  const form = useSchemaForm({ initial: (): AdminDraft => ({ firstName: '', lastName: '', email: '' }), check });
  const field = form.field;
  const invite = useInviteAdminUser();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    invite.mutate(checked, {
      onSuccess: (user) => {
        notify({ severity: 'success', message: t('teamUsers.invite.sent', { email: user.email ?? checked.email }) });
        onDone();
      },
      onError: form.showServerProblems,
    });
  };

  return (
    <Form onSubmit={submit} aria-label={t('teamUsers.invite.title')}>
      <p>{t('teamUsers.invite.intro')}</p>
      <FormError error={formWideError(invite.error)} />
      <TextField {...field('firstName')} label={t('teamUsers.fields.firstName')} autoComplete="off" isRequired autoFocus />
      <TextField {...field('lastName')} label={t('teamUsers.fields.lastName')} autoComplete="off" isRequired />
      <TextField {...field('email')} label={t('teamUsers.fields.email')} type="email" autoComplete="off" isRequired />
      <DialogActions>
        <Button variant="secondary" onPress={onDone}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" isDisabled={invite.isPending}>
          {t('teamUsers.invite.submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}

/** First name, last name, username and password: the operator signs in with the username at once. */
export function CreateOperatorForm({ onDone }: NewUserFormProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const form = useSchemaForm({ initial: () => ({ firstName: '', lastName: '', username: '', password: '', confirm: '' }), check: checkOperator });
  const field = form.field;
  const create = useCreateOperationsUser();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    create.mutate(checked, {
      onSuccess: (user) => {
        notify({ severity: 'success', message: t('teamUsers.operator.created', { username: user.username ?? checked.username }) });
        onDone();
      },
      onError: (error) => form.showProblems(withUsernameTaken(fieldErrorsFromApiError(error))),
    });
  };

  return (
    <Form onSubmit={submit} aria-label={t('teamUsers.operator.title')}>
      <FormError error={formWideError(create.error)} />
      <TextField {...field('firstName')} label={t('teamUsers.fields.firstName')} autoComplete="off" isRequired autoFocus />
      <TextField {...field('lastName')} label={t('teamUsers.fields.lastName')} autoComplete="off" isRequired />
      <TextField
        {...field('username')}
        label={t('teamUsers.fields.username')}
        description={t('teamUsers.operator.usernameHint')}
        autoComplete="off"
        isRequired
      />
      <NewPasswordFields
        password={field('password')}
        confirm={field('confirm')}
        passwordLabel={t('teamUsers.fields.password')}
        rule={t('teamUsers.passwordRule')}
        confirmLabel={t('teamUsers.fields.confirmPassword')}
      />
      <DialogActions>
        <Button variant="secondary" onPress={onDone}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" isDisabled={create.isPending}>
          {t('teamUsers.operator.submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
