import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { resetOperatorPasswordSchema } from '../../../../domain/identity/identity.schema';
import type { UserView } from '../../../../domain/identity/identity.views';
import { formWideError, validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { NewPasswordFields } from '../../../ui/new-password-fields';
import { useResetOperatorPassword } from '../api/users';

const check = (draft: { password: string; confirm: string }) => validateInput(resetOperatorPasswordSchema, draft);

/** A new password for an operation user, who has no email to reset it; their sessions end at once. */
export function ResetPasswordForm({ user, onDone }: { user: UserView; onDone: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const form = useSchemaForm({ initial: () => ({ password: '', confirm: '' }), check });
  const field = form.field;
  const reset = useResetOperatorPassword();
  const name = `${user.firstName} ${user.lastName}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    reset.mutate(
      { id: user.id, ...checked },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('teamUsers.actions.passwordReset', { name }) });
          onDone();
        },
        onError: form.showServerProblems,
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={t('teamUsers.actions.resetPasswordOf', { name })}>
      <p>{t('teamUsers.actions.resetPasswordIntro')}</p>
      <FormError error={formWideError(reset.error)} />
      <NewPasswordFields
        password={field('password')}
        confirm={field('confirm')}
        passwordLabel={t('teamUsers.fields.newPassword')}
        rule={t('teamUsers.passwordRule')}
        confirmLabel={t('teamUsers.fields.confirmPassword')}
        autoFocus
      />
      <DialogActions>
        <Button variant="secondary" onPress={onDone}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" isDisabled={reset.isPending}>
          {t('teamUsers.actions.resetPassword')}
        </Button>
      </DialogActions>
    </Form>
  );
}
