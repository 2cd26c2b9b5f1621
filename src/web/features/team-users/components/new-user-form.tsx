import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createAdminUserSchema, createOperationsUserSchema } from '../../../../domain/identity/identity.schema';
import { fieldErrorsFromApiError, validateInput, type FieldErrors } from '../../../lib/error-messages';
import { isLanguage } from '../../../lib/i18n';
import { Button } from '../../../ui/button';
import { DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { TextField } from '../../../ui/text-field';
import { useCreateOperationsUser, useInviteAdminUser } from '../api/users';

/** A field's problem goes once it is edited, not when it loses focus, so nothing moves as the submit button is pressed. */
function withoutProblem(errors: FieldErrors, name: string): FieldErrors {
  if (!(name in errors)) return errors;
  const rest = { ...errors };
  delete rest[name];
  return rest;
}

const withoutFieldProblems = (error: unknown) => (error && Object.keys(fieldErrorsFromApiError(error)).length === 0 ? error : undefined);

// The catalogue's USER_ALREADY_EXISTS text speaks of an email; on the username it needs its own words.
function withUsernameTaken(errors: FieldErrors): FieldErrors {
  const taken = errors.username?.message === 'errors.USER_ALREADY_EXISTS';
  return taken ? { ...errors, username: { path: 'username', message: 'teamUsers.operator.usernameTaken' } } : errors;
}

interface NewUserFormProps {
  onDone: () => void;
}

/** First name, last name and email: the administration user gets an invitation to set a password. */
export function InviteAdminForm({ onDone }: NewUserFormProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const invite = useInviteAdminUser();
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => withoutProblem(current, name));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const locale = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
    const checked = validateInput(createAdminUserSchema, { ...values, locale });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    invite.mutate(checked.value, {
      onSuccess: (user) => {
        notify({ severity: 'success', message: t('teamUsers.invite.sent', { email: user.email ?? checked.value.email }) });
        onDone();
      },
      onError: (error) => setErrors(fieldErrorsFromApiError(error)),
    });
  };

  return (
    <Form errors={errors} onSubmit={submit} aria-label={t('teamUsers.invite.title')}>
      <p>{t('teamUsers.invite.intro')}</p>
      <FormError error={withoutFieldProblems(invite.error)} />
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
  const [values, setValues] = useState({ firstName: '', lastName: '', username: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateOperationsUser();
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => withoutProblem(current, name));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateInput(createOperationsUserSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.value, {
      onSuccess: (user) => {
        notify({ severity: 'success', message: t('teamUsers.operator.created', { username: user.username ?? checked.value.username }) });
        onDone();
      },
      onError: (error) => setErrors(withUsernameTaken(fieldErrorsFromApiError(error))),
    });
  };

  return (
    <Form errors={errors} onSubmit={submit} aria-label={t('teamUsers.operator.title')}>
      <FormError error={withoutFieldProblems(create.error)} />
      <TextField {...field('firstName')} label={t('teamUsers.fields.firstName')} autoComplete="off" isRequired autoFocus />
      <TextField {...field('lastName')} label={t('teamUsers.fields.lastName')} autoComplete="off" isRequired />
      <TextField {...field('username')} label={t('teamUsers.fields.username')} description={t('teamUsers.operator.usernameHint')} autoComplete="off" isRequired />
      <TextField
        {...field('password')}
        label={t('teamUsers.fields.password')}
        description={t('teamUsers.passwordRule')}
        type="password"
        autoComplete="new-password"
        isRequired
      />
      <TextField {...field('confirm')} label={t('teamUsers.fields.confirmPassword')} type="password" autoComplete="new-password" isRequired />
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
