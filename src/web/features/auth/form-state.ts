import { useState } from 'react';
import { fieldErrorsFromApiError, type FieldErrors } from '../../lib/error-messages';

/** Field problems a server failure names (details with a field path). */
export function fieldProblemsOf(error: unknown): FieldErrors {
  const byField = fieldErrorsFromApiError(error);
  delete byField[''];
  return byField;
}

/** A failure that names no field is shown above the form instead. */
export const formWideError = (error: unknown): unknown => (error && Object.keys(fieldProblemsOf(error)).length === 0 ? error : undefined);

/** The problems without the one of `name` (the same object when it had none). */
export function withoutProblem(errors: FieldErrors, name: string): FieldErrors {
  if (!(name in errors)) return errors;
  const rest = { ...errors };
  delete rest[name];
  return rest;
}

/**
 * The typed values and problems of a form, with one binding per field name. A field's problem
 * goes as soon as it is edited: left until the field loses focus, its message would vanish as the
 * submit button is pressed, moving the button away from under the pointer.
 */
export function useFormState<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => withoutProblem(current, name));
    },
  });
  return { values, errors, setErrors, field };
}
