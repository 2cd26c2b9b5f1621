import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { plans, type Plan } from '../../../../domain/company/company.schema';
import { customerAccountCreateSchema } from '../../../../domain/company/customer-account.schema';
import { describeError, fieldErrorsFromApiError, formWideError, validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { useAddCustomer } from '../api/customers';
import { fromDateInput } from '../format';

interface AddDraft {
  companyName: string;
  phone: string;
  plan: Plan;
  /** The date input's value; '' for the usual 30 days of a trial. */
  trialEndsAt: string;
  firstName: string;
  lastName: string;
  email: string;
}

const emptyDraft = (): AddDraft => ({ companyName: '', phone: '', plan: 'trial', trialEndsAt: '', firstName: '', lastName: '', email: '' });

const inputOf = (draft: AddDraft) => ({
  basicSettings: { companyName: draft.companyName, phone: draft.phone, dateFormat: 'DD.MM.YYYY' },
  plan: draft.plan,
  trialEndsAt: fromDateInput(draft.trialEndsAt),
  superUser: { firstName: draft.firstName, lastName: draft.lastName, email: draft.email },
});

// The server names fields by their place in the request; the dialog's fields are flat.
const flatPath: Record<string, keyof AddDraft> = {
  'basicSettings.companyName': 'companyName',
  'basicSettings.phone': 'phone',
  'superUser.firstName': 'firstName',
  'superUser.lastName': 'lastName',
  'superUser.email': 'email',
};

/** The product operator adds a customer: company, plan and trial, and its super user, who is invited by email. */
export function AddCustomerDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const add = useAddCustomer();
  const check = useCallback((draft: AddDraft) => {
    const checked = validateInput(customerAccountCreateSchema, inputOf(draft));
    if (checked.ok) return checked;
    return { ok: false as const, errors: Object.fromEntries(Object.entries(checked.errors).map(([path, detail]) => [flatPath[path] ?? path, detail])) };
  }, []);
  const form = useSchemaForm({ initial: emptyDraft, check });

  const close = () => {
    form.reset(emptyDraft());
    add.reset();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    add.mutate(checked, {
      onSuccess: (added) => {
        notify({ severity: 'success', message: t('customers.add.saved', { company: added.companyName, email: added.email ?? '' }) });
        close();
        navigate(`/customer/edit-customer/${added.id}`);
      },
      onError: (error) => {
        form.showProblems(Object.fromEntries(Object.entries(fieldErrorsFromApiError(error)).map(([path, detail]) => [flatPath[path] ?? path, detail])));
        notify({ severity: 'error', message: t('customers.add.failed', { reason: describeError(t, error) }) });
      },
    });
  };

  return (
    <Dialog title={t('customers.add.title')} isOpen={isOpen} onOpenChange={(open) => !open && close()} isDismissable={false}>
      <Form id={form.scopeId} className="customer-form" onSubmit={submit} aria-label={t('customers.add.title')}>
        <FormError error={formWideError(add.error)} />
        <fieldset>
          <legend>{t('customers.edit.companyData')}</legend>
          <TextField label={t('customers.fields.companyName')} isRequired {...form.field('companyName')} />
          <TextField label={t('customers.fields.phone')} type="tel" {...form.field('phone')} />
        </fieldset>
        <fieldset>
          <legend>{t('customers.edit.account')}</legend>
          <Select
            name="plan"
            label={t('customers.columns.plan')}
            value={form.draft.plan}
            onChange={(key) => form.patch({ plan: plans.find((candidate) => candidate === key) ?? form.draft.plan })}
            items={plans.map((candidate) => ({ id: candidate }))}
          >
            {(item) => <SelectItem id={item.id}>{t(`customers.plans.${item.id}`)}</SelectItem>}
          </Select>
          <TextField type="date" label={t('customers.fields.trialEndsAt')} description={t('customers.add.trialHint')} {...form.field('trialEndsAt')} />
        </fieldset>
        <fieldset>
          <legend>{t('customers.add.superUser')}</legend>
          <TextField label={t('customers.fields.firstName')} isRequired {...form.field('firstName')} />
          <TextField label={t('customers.fields.lastName')} isRequired {...form.field('lastName')} />
          <TextField label={t('customers.fields.email')} type="email" isRequired description={t('customers.add.invitationHint')} {...form.field('email')} />
        </fieldset>
        <DialogActions>
          <Button variant="secondary" onPress={close}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" isDisabled={add.isPending}>
            {t('customers.add.submit')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
