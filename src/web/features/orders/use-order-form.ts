import { useEffect, useMemo, useRef, useState } from 'react';
import { orderFormSchema, type OrderForm, type OrderKind } from '../../../domain/orders/order.schema';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { fieldErrorsFromApiError, validateInput, type FieldErrors } from '../../lib/error-messages';
import { formInputOf, type OrderDraft } from './order-draft';

/** The rule a user breaks by a click (use-inventory on a stock order): it is named at once, not only on save. */
const immediateRules = new Set(['orders.validation.stockOrderUseInventory']);

function onlyImmediate(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, detail]) => immediateRules.has(detail.message)));
}

/**
 * The order form's state, checked with the domain's `orderFormSchema` (the server's own rules).
 * Once the user has tried to save, every change is checked again, so a message goes as soon as its
 * field is right; problems the server found stay until the next change.
 */
export function useOrderForm(kind: OrderKind, initial: () => OrderDraft) {
  const [draft, setDraft] = useState(initial);
  const [triedToSave, setTriedToSave] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);

  const checked = useMemo(() => validateInput(orderFormSchema, formInputOf(kind, draft)), [kind, draft]);
  const errors = useMemo<FieldErrors>(() => {
    const found = checked.ok ? {} : checked.errors;
    return { ...(triedToSave ? found : onlyImmediate(found)), ...serverErrors };
  }, [checked, triedToSave, serverErrors]);

  // After a refused save, the keyboard lands on the first field that needs attention.
  useEffect(() => {
    if (focusRequest > 0) containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  return {
    draft,
    /** Put on the element around the form, so the first problem can take the focus. */
    containerRef,
    errors,
    hasProblems: triedToSave && Object.keys(errors).length > 0,
    problem: (path: string): ErrorDetail | undefined => errors[path],
    change(patch: Partial<OrderDraft>) {
      setDraft((current) => ({ ...current, ...patch }));
      setServerErrors({});
    },
    /** The checked form to send, or undefined after showing what is wrong. */
    check(): OrderForm | undefined {
      setTriedToSave(true);
      if (checked.ok) return checked.value;
      setFocusRequest((count) => count + 1);
      return undefined;
    },
    /** Shows the server's `details` on their fields. */
    showServerProblems(error: unknown) {
      setServerErrors(fieldErrorsFromApiError(error));
      setFocusRequest((count) => count + 1);
    },
    /** Starts over from `next` (the stored order), forgetting what was typed. */
    reset(next: OrderDraft) {
      setDraft(next);
      setTriedToSave(false);
      setServerErrors({});
    },
  };
}
