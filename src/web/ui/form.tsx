import { useMemo } from 'react';
import { FieldError as AriaFieldError, Form as AriaForm, FormContext, Text, type FormProps as AriaFormProps } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { translateDetail, type FieldErrors } from '../lib/problem-texts';
import { Button } from './button';
import './field.css';

export { useCountedDescription, useDetailText, type FieldBaseProps } from './field-text';
export { FormError } from './form-error';

/** Description and error lines under a field. RAC shows the error only while the field is invalid. */
export function FieldFooter({ description, errorText }: { description?: string; errorText?: string }) {
  return (
    <>
      {description ? (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      ) : null}
      <AriaFieldError className="field-error">{errorText}</AriaFieldError>
    </>
  );
}

export interface FormProps extends Omit<AriaFormProps, 'validationErrors'> {
  /** Problems keyed by field name; fields with a matching `name` show them translated. */
  errors?: FieldErrors;
}

/**
 * A form whose fields show the server's or the schema's problems in the user's language. Rules are
 * checked by the domain schema, not by the browser, so problems show as ARIA state at once. A form
 * inside another (a dialog's, in React's tree) is independent: submitting it never submits the outer one.
 */
export function Form({ errors, className, validationBehavior = 'aria', onSubmit, ...props }: FormProps) {
  const { t } = useTranslation();
  // Kept stable across renders: a new object each render makes RAC re-show a cleared server error
  // until blur, and the layout shift can swallow a click on submit.
  const validationErrors = useMemo(
    () => Object.fromEntries(Object.entries(errors ?? {}).map(([path, detail]) => [path, translateDetail(t, detail)])),
    [errors, t],
  );
  // RAC's Form takes the props of an enclosing Form from context and chains their handlers, and React bubbles a
  // submit along its own tree: a dialog's form (inside the screen's form there, though portalled out of it in the
  // page) would also run the screen's onSubmit. Neither reaches past this form.
  return (
    <FormContext.Provider value={null}>
      <AriaForm
        {...props}
        onSubmit={(event) => {
          event.stopPropagation();
          onSubmit?.(event);
        }}
        validationBehavior={validationBehavior}
        validationErrors={validationErrors}
        className={['form', className].filter(Boolean).join(' ')}
      />
    </FormContext.Provider>
  );
}

export interface FormConflictProps {
  /** What happened, e.g. 'The order was changed meanwhile.' */
  text: string;
  keepLabel: string;
  discardLabel: string;
  /** Take the saved version's number and keep what was typed. */
  onKeep: () => void;
  /** Take the saved version as it is. */
  onDiscard: () => void;
}

/** The record was changed meanwhile: keep what was typed on the newer version, or take the saved one. */
export function FormConflict({ text, keepLabel, discardLabel, onKeep, onDiscard }: FormConflictProps) {
  return (
    <div className="form-conflict" role="alert">
      <p>{text}</p>
      <div className="form-conflict-actions">
        <Button onPress={onKeep}>{keepLabel}</Button>
        <Button variant="secondary" onPress={onDiscard}>
          {discardLabel}
        </Button>
      </div>
    </div>
  );
}
