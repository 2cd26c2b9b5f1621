import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import type { ClientAddress } from '../../../domain/clients/clients.schema';
import type { ClientView } from '../../../domain/clients/clients.views';
import { canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import { formatDay } from '../../lib/locale';
import { useChangeRights } from '../../lib/use-change-rights';
import { useSchemaForm } from '../../lib/use-schema-form';
import { EditConflict } from '../../lib/edit-conflict';
import { useVersionedEdit } from '../../lib/use-versioned-edit';
import { Breadcrumb } from '../../ui/breadcrumb';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { RecordLoader } from '../../ui/record-loader';
import { TableState } from '../../ui/table-parts';
import { TextField } from '../../ui/text-field';
import { getClientQueryOptions, useChangeClient, useClient, useClientOrders, useCreateClient, useRemoveClient } from './api/clients';
import { addressFields, checkClient, clientDraftOf, emptyClientDraft, type ClientDraft } from './client-draft';
import { clientHref, clientListHref } from '../../lib/client-links';
import './clients.css';

type ClientForm = ReturnType<typeof useClientForm>;

const useClientForm = (initial: () => ClientDraft) => useSchemaForm({ initial, check: checkClient });

function ClientHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-header">
      <Breadcrumb crumbs={[{ label: t('clients.screens.clients.title'), href: clientListHref }, { label: title }]} />
      <h1>{title}</h1>
    </div>
  );
}

function AddressFields({ form, which, legend }: { form: ClientForm; which: 'deliveryAddress' | 'billingAddress'; legend: string }) {
  const { t } = useTranslation();
  const bind = (key: keyof ClientAddress) => {
    const path = `${which}.${key}`;
    return {
      name: path,
      value: form.draft[which][key],
      onChange: (value: string) => form.change((current) => ({ ...current, [which]: { ...current[which], [key]: value } })),
      errorDetail: form.problem(path),
      maxChars: form.limit(path),
    };
  };
  return (
    <fieldset className="clients-fieldset">
      <legend>{legend}</legend>
      <div className="clients-grid">
        {addressFields.map((key) => (
          <TextField key={key} {...bind(key)} label={t(`clients.fields.${key}`)} />
        ))}
      </div>
    </fieldset>
  );
}

/** The client's fields: name and contact, then the delivery and the billing address. */
function ClientFields({ form }: { form: ClientForm }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="clients-grid">
        <TextField {...form.field('name')} label={t('clients.fields.name')} isRequired />
        <TextField {...form.field('contactPerson')} label={t('clients.fields.contactPerson')} />
        <TextField {...form.field('email')} type="email" label={t('clients.fields.email')} />
        <TextField {...form.field('phone')} type="tel" label={t('clients.fields.phone')} description={t('clients.fields.phoneHint')} />
      </div>
      <AddressFields form={form} which="deliveryAddress" legend={t('clients.fields.deliveryAddress')} />
      <AddressFields form={form} which="billingAddress" legend={t('clients.fields.billingAddress')} />
    </>
  );
}

/** `clients/add-client`: a new client of the customer directory. */
export function AddClientScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const form = useClientForm(emptyClientDraft);
  const create = useCreateClient();
  const title = t('clients.screens.addClient.title');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    create.mutate(checked, {
      onSuccess: (saved) => {
        notify({ severity: 'success', message: t('clients.messages.added', { name: saved.name }) });
        navigate(clientHref(saved.id));
      },
      onError: (error) => {
        form.showServerProblems(error);
        notify({ severity: 'error', message: t('clients.messages.saveFailed', { reason: describeError(t, error) }) });
      },
    });
  };

  return (
    <div className="page" id={form.scopeId}>
      <ClientHeader title={title} />
      <Form className="panel form-panel" onSubmit={submit} aria-label={title}>
        {form.hasProblems ? <FormError>{t('clients.form.fixProblems')}</FormError> : null}
        <ClientFields form={form} />
        <div className="form-actions">
          <Link variant="button" href={clientListHref}>
            {t('common.actions.cancel')}
          </Link>
          <Button type="submit" isDisabled={create.isPending}>
            {t('clients.form.add')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** `clients/edit-client/:id`: change or remove a client, and see its orders. */
export function EditClientScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const client = useClient(id);
  return (
    <RecordLoader
      id={id}
      query={client}
      failedTitle={t('clients.form.loadFailed')}
      noneChosen={{ title: t('clients.form.noneChosen'), text: t('clients.form.chooseInList') }}
      back={{ href: clientListHref, label: t('clients.form.backToList') }}
      frame={(placeholder) => (
        <div className="page">
          <ClientHeader title={t('clients.screens.editClient.title')} />
          <div className="panel">{placeholder}</div>
        </div>
      )}
    >
      {(loaded) => <EditClientForm key={loaded.id} client={loaded} />}
    </RecordLoader>
  );
}

function EditClientForm({ client }: { client: ClientView }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const { session } = useAuth();
  const canWrite = canChange(session, 'orders', useChangeRights());
  const form = useClientForm(() => clientDraftOf(client));
  const edit = useVersionedEdit({
    version: client.version,
    latest: getClientQueryOptions(client.id),
    texts: 'clients.conflict',
    onLatest: (latest, keepEntries) => {
      if (!keepEntries) form.reset(clientDraftOf(latest));
    },
  });
  const change = useChangeClient();
  const remove = useRemoveClient();
  const [removing, setRemoving] = useState(false);
  const title = t('clients.form.editTitle', { name: client.name });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    change.mutate(
      { id: client.id, client: { ...checked, version: edit.version } },
      {
        onSuccess: (saved) => {
          // The form stays open on what was saved, with the version this save made: the next save is not stale.
          edit.setVersion(saved.version);
          form.reset(clientDraftOf(saved));
          notify({ severity: 'success', message: t('clients.messages.saved', { name: saved.name }) });
        },
        onError: (error) => {
          if (!edit.isConflict(error)) form.showServerProblems(error);
          notify({ severity: 'error', message: t('clients.messages.saveFailed', { reason: describeError(t, error) }) });
        },
      },
    );
  };

  return (
    <div className="page" id={form.scopeId}>
      <ClientHeader title={form.draft.name.trim() || client.name} />
      <Form className="panel form-panel" onSubmit={submit} aria-label={title}>
        <EditConflict edit={edit} />
        {form.hasProblems ? <FormError>{t('clients.form.fixProblems')}</FormError> : null}
        {canWrite ? null : <p className="form-note">{t('clients.form.readOnly')}</p>}
        <fieldset className="clients-plain-fieldset" disabled={!canWrite}>
          <ClientFields form={form} />
        </fieldset>
        {canWrite ? (
          <div className="form-actions">
            <Button variant="danger" onPress={() => setRemoving(true)}>
              {t('clients.form.remove')}
            </Button>
            <Link variant="button" href={clientListHref}>
              {t('common.actions.cancel')}
            </Link>
            <Button type="submit" isDisabled={change.isPending}>
              {t('common.actions.save')}
            </Button>
          </div>
        ) : null}
      </Form>
      <ClientOrders clientId={client.id} />
      <Dialog title={t('clients.remove.title', { name: client.name })} isOpen={removing} onOpenChange={setRemoving}>
        {(close) => (
          <>
            <p>{t('clients.remove.text', { name: client.name })}</p>
            <DialogActions>
              <Button onPress={close}>{t('common.actions.cancel')}</Button>
              <Button
                variant="danger"
                isDisabled={remove.isPending}
                onPress={() =>
                  remove.mutate(client.id, {
                    onSuccess: () => {
                      notify({ severity: 'success', message: t('clients.messages.removed', { name: client.name }) });
                      navigate(clientListHref);
                    },
                    onError: (error) => {
                      close();
                      notify({ severity: 'error', message: t('clients.messages.removeFailed', { reason: describeError(t, error) }) });
                    },
                  })
                }
              >
                {t('clients.form.remove')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </div>
  );
}

// The orders screen's address of an order (features do not import each other; the path is the route's).
const orderDetailsHref = (orderId: string) => `/order/details/${encodeURIComponent(orderId)}`;

/** The orders linked to the client, newest first. */
function ClientOrders({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation();
  const orders = useClientOrders(clientId);
  const rows = orders.data?.data ?? [];
  const heading = t('clients.orders.title');
  return (
    <section className="panel clients-panel" aria-labelledby="client-orders-heading">
      <h2 id="client-orders-heading">{heading}</h2>
      {orders.isSuccess && rows.length === 0 ? (
        <p className="clients-muted">{t('clients.orders.none')}</p>
      ) : (
        <div className="data-table">
          <div className="data-table-scroll">
            <table className="table" data-plain="" aria-labelledby="client-orders-heading">
              <thead>
                <tr>
                  <th scope="col" className="table-column">
                    {t('clients.orders.number')}
                  </th>
                  <th scope="col" className="table-column">
                    {t('clients.orders.status')}
                  </th>
                  <th scope="col" className="table-column">
                    {t('clients.orders.deliveryDate')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={3} className="table-state-cell">
                      <TableState t={t} isLoading={orders.isPending} error={orders.error} />
                    </td>
                  </tr>
                ) : (
                  rows.map((order) => (
                    <tr key={order.id} className="table-row">
                      <th scope="row" className="table-cell">
                        <Link href={orderDetailsHref(order.id)}>{order.orderNumber}</Link>
                      </th>
                      <td className="table-cell">{t(`orders.status.${order.status}`)}</td>
                      <td className="table-cell">{order.deliveryDate ? formatDay(order.deliveryDate, i18n.language) : '–'}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {orders.data && orders.data.total > rows.length ? (
        <p className="clients-muted">{t('clients.orders.more', { shown: rows.length, total: orders.data.total })}</p>
      ) : null}
    </section>
  );
}
