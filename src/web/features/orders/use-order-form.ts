import { useCallback } from 'react';
import { orderFormSchema, type OrderKind } from '../../../domain/orders/order.schema';
import { validateInput, type FieldErrors } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { formInputOf, type OrderDraft } from './order-draft';

/** The rule a user breaks by a click (use-inventory on a stock order): it is named at once, not only on save. */
const immediateRules = new Set(['orders.validation.stockOrderUseInventory']);

const onlyImmediate = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([, detail]) => immediateRules.has(detail.message)));

/** The order form: the console's one form state (`useSchemaForm`) checked with the domain's `orderFormSchema`. */
export function useOrderForm(kind: OrderKind, initial: () => OrderDraft) {
  const check = useCallback((draft: OrderDraft) => validateInput(orderFormSchema, formInputOf(kind, draft)), [kind]);
  return useSchemaForm({ initial, check, showAtOnce: onlyImmediate });
}
