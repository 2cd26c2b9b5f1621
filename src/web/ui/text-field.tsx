import { useEffect, useRef } from 'react';
import { Input, Label, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldFooter, useCountedDescription, useDetailText, type FieldBaseProps } from './form';

export interface TextFieldProps extends AriaTextFieldProps, FieldBaseProps {
  placeholder?: string;
}

/** A labelled text input with its description (and its limit counted while typing) and translated validation message. */
export function TextField({ label, description, errorDetail, maxChars, placeholder, isInvalid, className, ...props }: TextFieldProps) {
  const errorText = useDetailText(errorDetail);
  const input = useRef<HTMLInputElement>(null);
  const { value, onChange } = props;
  const counted = useCountedDescription(description, value, maxChars);
  // What was typed or autofilled into prerendered markup before its script ran (src/web/prerender.tsx) is
  // in the input but not yet in the form's state: taken over once, when the field comes alive.
  useEffect(() => {
    const shown = input.current?.value;
    if (value !== undefined && shown !== undefined && shown !== value) onChange?.(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render's markup
  }, []);
  return (
    <AriaTextField {...props} isInvalid={isInvalid || errorDetail ? true : undefined} className={['field', className].filter(Boolean).join(' ')}>
      {label ? <Label className="field-label">{label}</Label> : null}
      <Input ref={input} className="field-input" placeholder={placeholder} />
      <FieldFooter description={counted} errorText={errorText} />
    </AriaTextField>
  );
}
