import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { customerAccountUpdateSchema, plans, type Plan } from '../../../domain/company/company.schema';
import type { CustomerAccountEditView } from '../../../domain/company/customer-account.views';
import { describeError, formWideError, validateInput } from '../../lib/error-messages';
import { formatDate } from '../../lib/locale';
import { useSchemaForm } from '../../lib/use-schema-form';
import { EditConflict } from '../../lib/edit-conflict';
import { useVersionedEdit } from '../../lib/use-versioned-edit';
import { Button } from '../../ui/button';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { Select, SelectItem } from '../../ui/select';
import { RecordLoader } from '../../ui/record-loader';
import { TextField } from '../../ui/text-field';
import { getCustomerQueryOptions, useCustomer, useUpdateCustomer } from './api/customers';
import { DeleteCustomerDialog } from './components/delete-customer-dialog';
import './customers.css';
import { formatGb, fromDateInput, toDateInput } from './format';

/** The product operator edits a customer: company data, plan and the end of the trial. */
export function EditCustomerScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const customer = useCustomer(id);

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.editCustomer.title')}</h1>
      </div>
      <div className="panel">
        <RecordLoader
          id={id}
          query={customer}
          failedTitle={t('customers.edit.loadFailed')}
          noneChosen={{ title: t('customers.edit.noneChosen'), text: t('customers.edit.chooseInList') }}
          back={{ href: '/customers', label: t('customers.edit.backToList') }}
        >
          {(loaded) => <EditCustomerForm key={loaded.id} customer={loaded} />}
        </RecordLoader>
      </div>
    </div>
  );
}

const companyFields = ['companyName', 'firstName', 'lastName', 'email', 'phone', 'tradeRegister', 'localCourt', 'vat', 'vatNumber', 'taxNumber'] as const;
const addressFields = ['company', 'addressSuffix', 'street', 'houseNumber', 'zip', 'place', 'country'] as const;
const bankFields = ['accountHolder', 'bank', 'iban', 'bic'] as const;
type CompanyField = (typeof companyFields)[number];
type AddressField = (typeof addressFields)[number];
type AddressKind = 'deliveryAddress' | 'billingAddress';

interface CustomerDraft {
  plan: Plan;
  /** The date input's value; '' for none. */
  trialEndsAt: string;
  basicSettings: CustomerAccountEditView['basicSettings'];
}

// The whole company data is replaced: fields this screen does not show keep their values.
const checkCustomer = (draft: CustomerDraft) =>
  validateInput(customerAccountUpdateSchema, { plan: draft.plan, trialEndsAt: fromDateInput(draft.trialEndsAt), basicSettings: draft.basicSettings });

const draftOf = (customer: CustomerAccountEditView): CustomerDraft => ({
  plan: customer.plan,
  trialEndsAt: toDateInput(customer.trialEndsAt),
  basicSettings: customer.basicSettings,
});

function EditCustomerForm({ customer }: { customer: CustomerAccountEditView }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const form = useSchemaForm({
    initial: () => draftOf(customer),
    check: checkCustomer,
  });
  const edit = useVersionedEdit({
    version: customer.version,
    latest: getCustomerQueryOptions(customer.id),
    texts: 'customers.conflict',
    onLatest: (latest, keepEntries) => {
      if (!keepEntries) form.reset(draftOf(latest));
    },
  });
  const { draft, change } = form;
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateCustomer();
  const language = i18n.resolvedLanguage;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    update.mutate(
      { id: customer.id, update: { ...checked, version: edit.version } },
      {
        onSuccess: (saved) => {
          notify({ severity: 'success', message: t('customers.edit.saved', { company: saved.companyName }) });
          navigate('/customers');
        },
        onError: (error) => {
          if (edit.isConflict(error)) return;
          form.showServerProblems(error);
          notify({ severity: 'error', message: t('customers.edit.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };

  const companyField = (name: CompanyField) => (
    <TextField
      key={name}
      name={`basicSettings.${name}`}
      label={t(`customers.fields.${name}`)}
      value={draft.basicSettings[name]}
      onChange={(value) => change((current) => ({ ...current, basicSettings: { ...current.basicSettings, [name]: value } }))}
      errorDetail={form.problem(`basicSettings.${name}`)}
      type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
      isRequired={name === 'companyName'}
    />
  );
  const addressField = (kind: AddressKind) => (name: AddressField) => (
    <TextField
      key={name}
      name={`basicSettings.${kind}.${name}`}
      label={t(`customers.fields.${name}`)}
      value={draft.basicSettings[kind][name]}
      onChange={(value) =>
        change((current) => ({
          ...current,
          basicSettings: { ...current.basicSettings, [kind]: { ...current.basicSettings[kind], [name]: value } },
        }))
      }
      errorDetail={form.problem(`basicSettings.${kind}.${name}`)}
    />
  );
  const bankField = (name: (typeof bankFields)[number]) => (
    <TextField
      key={name}
      name={`basicSettings.bankDetails.${name}`}
      label={t(`customers.fields.${name}`)}
      value={draft.basicSettings.bankDetails[name]}
      onChange={(value) =>
        change((current) => ({
          ...current,
          basicSettings: { ...current.basicSettings, bankDetails: { ...current.basicSettings.bankDetails, [name]: value } },
        }))
      }
      errorDetail={form.problem(`basicSettings.bankDetails.${name}`)}
    />
  );

  return (
    <>
      <dl className="customer-facts">
        <div>
          <dt>{t('customers.columns.code')}</dt>
          <dd>{customer.code}</dd>
        </div>
        <div>
          <dt>{t('customers.columns.registeredAt')}</dt>
          <dd>{formatDate(customer.registeredAt, language)}</dd>
        </div>
        <div>
          <dt>{t('customers.columns.superUser')}</dt>
          <dd>{customer.superUser ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('customers.columns.users')}</dt>
          <dd>{customer.users}</dd>
        </div>
        <div>
          <dt>{t('customers.columns.storageGb')}</dt>
          <dd>{t('customers.storageOfQuota', { used: formatGb(customer.storageGb, language), quota: formatGb(customer.storageQuotaGb, language) })}</dd>
        </div>
        <div>
          <dt>{t('customers.edit.referralSource')}</dt>
          <dd>{customer.referralSource ? t(`customers.referralSources.${customer.referralSource}`) : '–'}</dd>
        </div>
        <div>
          <dt>{t('customers.edit.access')}</dt>
          <dd>{customer.readOnly ? t('customers.edit.readOnly') : t('customers.edit.fullAccess')}</dd>
        </div>
      </dl>
      <Form className="customer-form form-panel" onSubmit={submit} aria-label={t('screens.editCustomer.title')}>
        {edit.conflict ? <EditConflict edit={edit} /> : <FormError error={formWideError(update.error)} />}
        <fieldset>
          <legend>{t('customers.edit.account')}</legend>
          <Select
            name="plan"
            label={t('customers.columns.plan')}
            value={draft.plan}
            onChange={(key) => form.patch({ plan: plans.find((candidate) => candidate === key) ?? draft.plan })}
            errorDetail={form.problem('plan')}
            items={plans.map((candidate) => ({ id: candidate }))}
          >
            {(item) => <SelectItem id={item.id}>{t(`customers.plans.${item.id}`)}</SelectItem>}
          </Select>
          <TextField type="date" label={t('customers.fields.trialEndsAt')} description={t('customers.edit.trialEndHint')} {...form.field('trialEndsAt')} />
        </fieldset>
        <fieldset>
          <legend>{t('customers.edit.companyData')}</legend>
          {companyFields.map(companyField)}
        </fieldset>
        <fieldset>
          <legend>{t('customers.edit.deliveryAddress')}</legend>
          {addressFields.map(addressField('deliveryAddress'))}
        </fieldset>
        <fieldset>
          <legend>{t('customers.edit.billingAddress')}</legend>
          {addressFields.map(addressField('billingAddress'))}
        </fieldset>
        <fieldset>
          <legend>{t('customers.edit.bankDetails')}</legend>
          {bankFields.map(bankField)}
        </fieldset>
        <div className="form-actions">
          <Button variant="danger" onPress={() => setDeleting(true)}>
            {t('customers.delete.action')}
          </Button>
          <Link variant="button" href="/customers">
            {t('common.actions.cancel')}
          </Link>
          <Button type="submit" isDisabled={update.isPending}>
            {t('common.actions.save')}
          </Button>
        </div>
      </Form>
      <DeleteCustomerDialog
        customer={deleting ? { id: customer.id, companyName: customer.companyName } : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate('/customers')}
      />
    </>
  );
}
