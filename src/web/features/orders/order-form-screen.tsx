import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import type { OrderKind } from '../../../domain/orders/order.schema';
import { can } from '../../lib/access';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import { EditConflict } from '../../lib/edit-conflict';
import { useVersionedEdit } from '../../lib/use-versioned-edit';
import { FormPage } from '../../ui/form-page';
import { useNotify } from '../../ui/notification-bar';
import { getOrderQueryOptions, useChangeOrder, useCreateOrder, useOrder } from './api/orders';
import type { OrderView } from './api/types';
import { OrderFields } from './components/order-fields';
import { OrderPageHeader } from './components/order-page-header';
import { OrderLoader } from './components/order-loader';
import { orderDetailsHref, orderListHref } from './list-search';
import { draftOf, emptyDraft } from './order-draft';
import './orders.css';
import { useOrderForm } from './use-order-form';

function OrderFormHeader({ kind, title }: { kind: OrderKind; title: string }) {
  const { t } = useTranslation();
  return (
    <OrderPageHeader crumbs={[{ label: t(`orders.tabs.${kind}`), href: orderListHref(kind) }, { label: title }]}>
      <h1>{title}</h1>
    </OrderPageHeader>
  );
}

/**
 * `order/add-order?kind=` (customer orders, or production orders for stock) and
 * `order/logistic-order` (logistics orders: purchasing parts bought from a supplier).
 */
export function AddOrderScreen({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const form = useOrderForm(kind, emptyDraft);
  const create = useCreateOrder();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    create.mutate(
      { kind, form: checked },
      {
        onSuccess: (order) => {
          notify({ severity: 'success', message: t('orders.messages.created', { orderNumber: order.orderNumber }) });
          navigate(orderDetailsHref(order.id));
        },
        onError: (error) => {
          form.showServerProblems(error);
          notify({ severity: 'error', message: t('orders.messages.createFailed', { reason: describeError(t, error) }) });
        },
      },
    );
  };

  const title = t(`orders.titles.add.${kind}`);
  return (
    <FormPage
      scopeId={form.scopeId}
      header={<OrderFormHeader kind={kind} title={title} />}
      title={title}
      onSubmit={submit}
      problems={form.hasProblems ? t('orders.form.fixProblems') : null}
      cancelHref={orderListHref(kind)}
      submitLabel={t('orders.form.create')}
      submitDisabled={create.isPending}
    >
      <OrderFields kind={kind} value={form.draft} onChange={form.patch} problem={form.problem} limit={form.limit} promise />
    </FormPage>
  );
}

/** `order/edit-order/:id`: changes an order while its status allows it, on the version it was loaded with. */
export function EditOrderScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const order = useOrder(id);
  // The form keeps its first load: a live refresh must not overwrite what the user is typing.
  const [loaded, setLoaded] = useState<OrderView | null>(null);
  if (!loaded && order.data) setLoaded(order.data);

  return (
    <OrderLoader id={id} query={order} failedTitle={t('orders.form.loadFailed')} pageTitle={t('screens.editOrder.title')}>
      {(current) => <EditOrderForm key={current.id} order={loaded ?? current} />}
    </OrderLoader>
  );
}

function EditOrderForm({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const { session } = useAuth();
  const canWrite = can(session, 'write');
  const [editable, setEditable] = useState(order.editable);
  const form = useOrderForm(order.kind, () => draftOf(order));
  const edit = useVersionedEdit({
    version: order.version,
    latest: getOrderQueryOptions(order.id),
    texts: 'orders.conflict',
    onLatest: (latest, keepEntries) => {
      setEditable(latest.editable);
      if (!keepEntries) form.reset(draftOf(latest));
    },
  });
  const change = useChangeOrder();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    change.mutate(
      { id: order.id, form: checked, version: edit.version },
      {
        onSuccess: (saved) => {
          notify({ severity: 'success', message: t('orders.messages.updated', { orderNumber: saved.orderNumber }) });
          navigate(orderDetailsHref(saved.id));
        },
        onError: (error) => {
          if (edit.isConflict(error)) {
            // EditConflict offers to load the latest version.
          } else if (isApiError(error) && error.code === 'ORDER_NOT_EDITABLE') setEditable(false);
          else form.showServerProblems(error);
          notify({ severity: 'error', message: t('orders.messages.updateFailed', { orderNumber: order.orderNumber, reason: describeError(t, error) }) });
        },
      },
    );
  };

  const title = t(`orders.titles.edit.${order.kind}`, { orderNumber: order.orderNumber });
  const mayChange = canWrite && editable;
  return (
    <FormPage
      scopeId={form.scopeId}
      header={<OrderFormHeader kind={order.kind} title={title} />}
      title={title}
      onSubmit={submit}
      conflict={<EditConflict edit={edit} values={{ orderNumber: order.orderNumber }} />}
      problems={form.hasProblems ? t('orders.form.fixProblems') : null}
      note={mayChange ? null : t(canWrite ? 'orders.form.notEditable' : 'orders.form.readOnly')}
      cancelHref={orderDetailsHref(order.id)}
      submitLabel={t('common.actions.save')}
      submitDisabled={change.isPending || !mayChange}
    >
      <fieldset className="plain-group order-fields" disabled={!mayChange}>
        <OrderFields kind={order.kind} value={form.draft} onChange={form.patch} problem={form.problem} limit={form.limit} promise={mayChange} />
      </fieldset>
    </FormPage>
  );
}
