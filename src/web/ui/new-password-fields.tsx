import { TextField, type TextFieldProps } from './text-field';

/** A text field's binding to a draft: what `useSchemaForm`'s `field(name)` gives. */
type FieldBinding = Pick<TextFieldProps, 'name' | 'value' | 'onChange' | 'errorDetail'>;

export interface NewPasswordFieldsProps {
  password: FieldBinding;
  confirm: FieldBinding;
  passwordLabel: string;
  /** The password rule, said under the password field. */
  rule: string;
  confirmLabel: string;
  autoFocus?: boolean;
}

/** A new password and its repetition, both required, filled as a new password by password managers. */
export function NewPasswordFields({ password, confirm, passwordLabel, rule, confirmLabel, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField {...password} label={passwordLabel} description={rule} type="password" autoComplete="new-password" isRequired autoFocus={autoFocus} />
      <TextField {...confirm} label={confirmLabel} type="password" autoComplete="new-password" isRequired />
    </>
  );
}
