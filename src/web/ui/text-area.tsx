import { Label, TextArea as AriaTextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldFooter, useCountedDescription, useDetailText, type FieldBaseProps } from './form';
import './text-area.css';

export interface TextAreaProps extends AriaTextFieldProps, FieldBaseProps {
  /** Visible lines before it scrolls. */
  rows?: number;
}

/** A labelled multi-line text input (descriptions, comments) with its translated validation message. */
export function TextArea({ label, description, errorDetail, maxChars, rows = 3, isInvalid, className, ...props }: TextAreaProps) {
  const errorText = useDetailText(errorDetail);
  const counted = useCountedDescription(description, props.value, maxChars);
  return (
    <AriaTextField {...props} isInvalid={isInvalid || errorDetail ? true : undefined} className={['field', className].filter(Boolean).join(' ')}>
      {label ? <Label className="field-label">{label}</Label> : null}
      <AriaTextArea className="field-input field-textarea" rows={rows} />
      <FieldFooter description={counted} errorText={errorText} />
    </AriaTextField>
  );
}
