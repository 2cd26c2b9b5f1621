import { useTranslation } from 'react-i18next';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { Button } from '../../../ui/button';
import { Link } from '../../../ui/link';
import { TextField } from '../../../ui/text-field';
import './auth-forms.css';

/** A text field bound to a form's draft (`form.field(name)`). */
interface BoundText {
  name: string;
  value: string;
  onChange: (value: string) => void;
  errorDetail: ErrorDetail | undefined;
}

export interface NewPasswordFieldsProps {
  password: BoundText;
  confirm: BoundText;
  autoFocus?: boolean;
}

/** The new password with its rule, and the same again to confirm it. */
export function NewPasswordFields({ password, confirm, autoFocus }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        {...password}
        label={t('auth.fields.newPassword')}
        description={t('auth.passwordRule')}
        type="password"
        autoComplete="new-password"
        isRequired
        autoFocus={autoFocus}
      />
      <TextField {...confirm} label={t('auth.fields.confirmPassword')} type="password" autoComplete="new-password" isRequired />
    </>
  );
}

export interface LeaveOrSubmitProps {
  /** Already translated: the link back to the home screen. */
  leaveLabel: string;
  /** Already translated. */
  submitLabel: string;
  isPending: boolean;
}

/** The action row of a form a signed-in user may leave: back home, or send. */
export function LeaveOrSubmit({ leaveLabel, submitLabel, isPending }: LeaveOrSubmitProps) {
  return (
    <div className="auth-actions">
      <Link variant="button" href="/home">
        {leaveLabel}
      </Link>
      <Button type="submit" isDisabled={isPending}>
        {submitLabel}
      </Button>
    </div>
  );
}
