import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth';
import { describeError } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { useNotify } from '../../../ui/notification-bar';
import { useDeleteCustomer } from '../api/customers';

export interface DeleteCustomerDialogProps {
  /** The customer to delete; the dialog is open while set. */
  customer: { id: string; companyName: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Asks before a customer account goes with all of its data, files and users. */
export function DeleteCustomerDialog({ customer, onClose, onDeleted }: DeleteCustomerDialogProps) {
  const { t } = useTranslation();
  const { session, login } = useAuth();
  const notify = useNotify();
  const remove = useDeleteCustomer();

  const confirm = () => {
    if (!customer) return;
    remove.mutate(customer.id, {
      onSuccess: () => {
        // The master acted for the deleted company: there is no company selected any more.
        if (session && session.company === customer.id) login({ ...session, company: null });
        notify({ severity: 'success', message: t('customers.delete.done', { company: customer.companyName }) });
        onClose();
        onDeleted?.();
      },
      onError: (error) => notify({ severity: 'error', message: t('customers.delete.failed', { reason: describeError(t, error) }) }),
    });
  };

  return (
    <Dialog
      title={t('customers.delete.title')}
      role="alertdialog"
      isOpen={customer !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <p>{t('customers.delete.question', { company: customer?.companyName ?? '' })}</p>
      <DialogActions>
        <Button variant="secondary" onPress={onClose} isDisabled={remove.isPending} autoFocus>
          {t('common.actions.cancel')}
        </Button>
        <Button variant="danger" onPress={confirm} isDisabled={remove.isPending}>
          {t('customers.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
