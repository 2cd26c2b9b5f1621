import { Input, Label, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldFooter, useDetailText, type FieldBaseProps } from './form';

export interface TextFieldProps extends AriaTextFieldProps, FieldBaseProps {
  placeholder?: string;
}

/** A labelled text input with its description and translated validation message. */
export function TextField({ label, description, errorDetail, placeholder, isInvalid, className, ...props }: TextFieldProps) {
  const errorText = useDetailText(errorDetail);
  return (
    <AriaTextField {...props} isInvalid={isInvalid || errorDetail ? true : undefined} className={['field', className].filter(Boolean).join(' ')}>
      {label ? <Label className="field-label">{label}</Label> : null}
      <Input className="field-input" placeholder={placeholder} />
      <FieldFooter description={description} errorText={errorText} />
    </AriaTextField>
  );
}
