import { useEffect, useMemo, useRef, useState } from 'react';
import type { ValidMaterial } from '../../../domain/materials/materials.schema';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { fieldErrorsFromApiError, type FieldErrors } from '../../lib/error-messages';
import { checkDraft, fieldProblem, type MaterialDraft } from './material-draft';

/**
 * The material form's state. Once the user has tried to save, every change is checked again with
 * the domain schema, so a message goes as soon as its field is right (and a repeated name is named
 * wherever it is). Problems the server found stay until the next change.
 */
export function useMaterialForm(initial: () => MaterialDraft, version?: number) {
  const [draft, setDraft] = useState(initial);
  const [triedToSave, setTriedToSave] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [isDirty, setDirty] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);

  const errors = useMemo<FieldErrors>(() => {
    const checked = triedToSave ? checkDraft(draft, version) : undefined;
    return { ...(checked && !checked.ok ? checked.errors : {}), ...serverErrors };
  }, [draft, version, triedToSave, serverErrors]);

  // After a refused save, the keyboard lands on the first field that needs attention.
  useEffect(() => {
    if (focusRequest > 0) containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  return {
    draft,
    /** Put on the element around the form, so the first problem can take the focus. */
    containerRef,
    errors,
    isDirty,
    hasProblems: Object.keys(errors).length > 0,
    problem: (path: string): ErrorDetail | undefined => fieldProblem(errors, path),
    change(next: MaterialDraft) {
      setDraft(next);
      setServerErrors({});
      setDirty(true);
    },
    /** The checked input to send, or undefined after showing what is wrong. */
    check(): ValidMaterial | undefined {
      setTriedToSave(true);
      const checked = checkDraft(draft, version);
      if (checked.ok) return checked.value;
      setFocusRequest((count) => count + 1);
      return undefined;
    },
    /** Shows the server's `details` on their fields. */
    showServerProblems(error: unknown) {
      setServerErrors(fieldErrorsFromApiError(error));
      setFocusRequest((count) => count + 1);
    },
    /** Starts over from `next` (the stored material), forgetting what was typed. */
    reset(next: MaterialDraft) {
      setDraft(next);
      setTriedToSave(false);
      setServerErrors({});
      setDirty(false);
    },
  };
}
