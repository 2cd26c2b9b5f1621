// The sign-in page's fields and button as the browser's own elements, with the design system's classes and
// the same names, states and keyboard as text-field.tsx and button.tsx: the page a visitor opens first then
// loads no react-aria (docs/performance.md). Every other form uses the react-aria components.
import { useEffect, useId, useRef, type ButtonHTMLAttributes, type InputHTMLAttributes } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { useDetailText, type FieldBaseProps } from './field-text';
import './button.css';
import './field.css';

export interface NativeTextFieldProps
  extends FieldBaseProps, Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'autoFocus' | 'placeholder'> {
  name: string;
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
}

/** A labelled text input with its description and translated problem (what ui/text-field.tsx renders). */
export function NativeTextField({ name, value, onChange, label, description, errorDetail, isRequired, ...input }: NativeTextFieldProps) {
  const id = useId();
  const errorText = useDetailText(errorDetail);
  const field = useRef<HTMLInputElement>(null);
  // What was typed or autofilled into prerendered markup before its script ran is taken over once (as text-field.tsx).
  useEffect(() => {
    const shown = field.current?.value;
    if (shown !== undefined && shown !== value) onChange(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render's markup
  }, []);
  const invalid = errorText !== undefined;
  const describedBy = [description ? `${id}-description` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field" data-invalid={invalid || undefined} data-required={isRequired || undefined}>
      {label ? (
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
      ) : null}
      <input
        {...input}
        ref={field}
        id={id}
        name={name}
        className="field-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-required={isRequired || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        data-invalid={invalid || undefined}
      />
      {description ? (
        <span className="field-description" id={`${id}-description`}>
          {description}
        </span>
      ) : null}
      {invalid ? (
        <span className="field-error" id={`${id}-error`}>
          {errorText}
        </span>
      ) : null}
    </div>
  );
}

export interface NativeSubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> {
  isDisabled?: boolean;
}

/** The form's primary submit button (button.tsx's look). Disabled until the prerendered form has its script, as button.tsx. */
export function NativeSubmitButton({ isDisabled, className, ...props }: NativeSubmitButtonProps) {
  const hydrated = useHydrated();
  const disabled = Boolean(isDisabled) || !hydrated;
  return (
    <button
      {...props}
      type="submit"
      disabled={disabled}
      data-disabled={disabled || undefined}
      data-variant="primary"
      className={['button', className].filter(Boolean).join(' ')}
    />
  );
}
