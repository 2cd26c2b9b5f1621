import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import type { CarrierView } from '../../../domain/shipments/carrier.schema';
import { customerKeyOf, trackingLinkFrom } from '../../../domain/shipments/shipment.decider';
import { createShipmentSchema } from '../../../domain/shipments/shipment.schema';
import type { ShipmentView, ShippableOrder } from '../../../domain/shipments/shipments.views';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError, translateDetail, validateInput } from '../../lib/error-messages';
import { useFormatNumber, useLocaleFormats } from '../../lib/locale';
import { useUnsavedChangesGuard } from '../../lib/navigation-guard';
import { useDebounced } from '../../lib/use-debounced';
import { ClientPicker } from '../../lib/client-picker';
import { useSchemaForm } from '../../lib/use-schema-form';
import { EditConflict } from '../../lib/edit-conflict';
import { useVersionedEdit } from '../../lib/use-versioned-edit';
import { Breadcrumb } from '../../ui/breadcrumb';
import { Checkbox } from '../../ui/checkbox';
import { FormPage } from '../../ui/form-page';
import { Link } from '../../ui/link';
import { Select, SelectItem } from '../../ui/select';
import { useNotify } from '../../ui/notification-bar';
import { TextField } from '../../ui/text-field';
import { useCarriers } from './api/carriers';
import { carriersHref } from './carriers-screen';
import { getShipmentQueryOptions, useChangeShipment, useCreateShipment, useShipment, useShippableOrders, type ShipmentFormInput } from './api/shipments';
import { isNotEditable, ShipmentLoader } from './shipment-details-screen';
import { shipmentDetailsHref, shipmentListHref } from './list-search';
import './shipments.css';

/** What the form holds while it is typed in. */
interface ShipmentDraft {
  /** A carrier of the master data (its id), or `OTHER_CARRIER` for a name typed in. */
  carrierChoice: string;
  carrierName: string;
  trackingId: string;
  link: string;
  shippingDate: string;
  orderIds: string[];
  /** Pieces to ship of each order put in, as typed ('' : all that are ready); orders already in the shipment keep theirs. */
  quantities: Record<string, string>;
}

/**
 * An order the picker shows: the shippable ones with their ready pieces and, when editing, those
 * already in the shipment with the pieces they hold (`quantity`, null: the whole order).
 */
type PickableOrder = Pick<ShippableOrder, 'id' | 'orderNumber' | 'name'> & { place?: string; ordered: number } & (
    { readyQuantity: number; quantity?: undefined } | { quantity: number | null; readyQuantity?: undefined }
  );

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The "Delivered by" choice of a name typed in. */
const OTHER_CARRIER = 'other';

const emptyDraft = (): ShipmentDraft => ({
  carrierChoice: OTHER_CARRIER,
  carrierName: '',
  trackingId: '',
  link: '',
  shippingDate: today(),
  orderIds: [],
  quantities: {},
});

const draftOf = (shipment: ShipmentView): ShipmentDraft => ({
  carrierChoice: shipment.carrier.carrierId ?? OTHER_CARRIER,
  carrierName: shipment.carrier.carrierId ? '' : shipment.carrier.name,
  trackingId: shipment.trackingId,
  link: shipment.link,
  shippingDate: shipment.shippingDate,
  orderIds: shipment.orders.map((order) => order.id),
  quantities: {},
});

const inputOf = (draft: ShipmentDraft) => ({
  deliveredBy:
    draft.carrierChoice === OTHER_CARRIER
      ? { source: 'typed' as const, name: draft.carrierName }
      : { source: 'master-data' as const, carrierId: draft.carrierChoice },
  trackingId: draft.trackingId,
  link: draft.link,
  shippingDate: draft.shippingDate,
  // Each order with the pieces typed for it; none typed (or an order already in): all that are ready, or what it holds.
  orders: draft.orderIds.map((orderId) => {
    const typed = draft.quantities[orderId]?.trim() ?? '';
    return typed === '' ? { orderId } : { orderId, quantity: Number(typed) };
  }),
});

const check = (draft: ShipmentDraft) => validateInput(createShipmentSchema, inputOf(draft));

function useShipmentForm(initial: () => ShipmentDraft) {
  return useSchemaForm({ initial, check });
}

type ShipmentFormState = ReturnType<typeof useShipmentForm>;

function ShipmentFields({ form, inShipment, disabled }: { form: ShipmentFormState; inShipment: PickableOrder[]; disabled: boolean }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const format = useFormatNumber();
  const [q, setQ] = useState('');
  // A customer of the directory finds its orders: their name is the customer's (the order keeps the name it was made with).
  const [client, setClient] = useState<{ id: string; name: string } | null>(null);
  const shippable = useShippableOrders(useDebounced(q.trim()));
  const { draft } = form;
  const offered: PickableOrder[] = [...inShipment, ...(shippable.data?.data ?? []).filter((order) => !inShipment.some((held) => held.id === order.id))];
  const known = new Map([...inShipment, ...(shippable.data?.data ?? [])].map((order) => [order.id, order]));
  const chosenCustomer = draft.orderIds.map((id) => known.get(id)).find(Boolean)?.name;
  // One shipment is for one customer: once an order is chosen, the others offered are that customer's.
  const sameCustomer = (order: PickableOrder) => chosenCustomer === undefined || customerKeyOf(order.name) === customerKeyOf(chosenCustomer);
  const orderProblem = Object.entries(form.errors).find(
    ([path]) => path === 'orderIds' || path.startsWith('orderIds.') || path === 'orders' || /^orders\.\d+(\.orderId)?$/.test(path),
  )?.[1];
  const carrierProblem = form.problem('deliveredBy.name') ?? form.problem('deliveredBy');
  const carriers = useCarriers();
  // Active carriers are offered; a shipment keeps a retired one it has.
  const offeredCarriers = (carriers.data?.data ?? []).filter((carrier) => !carrier.retired || carrier.id === draft.carrierChoice);
  const templateOf = (choice: string) => offeredCarriers.find((carrier) => carrier.id === choice)?.trackingLinkTemplate ?? null;
  /** The link follows the carrier's template while it is empty or what the template made; a link typed over it stays. */
  const followedLink = (choice: string, trackingId: string) => {
    const made = trackingLinkFrom(templateOf(draft.carrierChoice), draft.trackingId);
    return draft.link === '' || draft.link === made ? trackingLinkFrom(templateOf(choice), trackingId) : draft.link;
  };
  const carrierItems: { id: string; carrier?: CarrierView }[] = [...offeredCarriers.map((carrier) => ({ id: carrier.id, carrier })), { id: OTHER_CARRIER }];

  const toggle = (order: PickableOrder, chosen: boolean) =>
    form.patch({
      orderIds: chosen ? [...draft.orderIds, order.id] : draft.orderIds.filter((id) => id !== order.id),
      // Put in: all ready pieces by default.
      quantities: { ...draft.quantities, [order.id]: chosen && order.readyQuantity !== undefined ? String(order.readyQuantity) : '' },
    });

  return (
    <fieldset className="shipment-orders-picker" disabled={disabled}>
      <Select
        label={t('shipments.fields.deliveredBy')}
        items={carrierItems}
        value={draft.carrierChoice}
        onChange={(key) => {
          const carrierChoice = String(key);
          form.patch({ carrierChoice, link: followedLink(carrierChoice, draft.trackingId) });
        }}
        errorDetail={form.problem('deliveredBy.carrierId')}
        isDisabled={disabled}
        isRequired
      >
        {(item) => (
          <SelectItem id={item.id} textValue={item.carrier?.name ?? t('shipments.form.otherCarrier')}>
            {item.carrier ? item.carrier.name : t('shipments.form.otherCarrier')}
          </SelectItem>
        )}
      </Select>
      <p className="shipment-muted">
        <Link href={carriersHref}>{t('shipments.carriers.manage')}</Link>
      </p>
      {draft.carrierChoice === OTHER_CARRIER ? (
        <TextField
          name="carrierName"
          label={t('shipments.form.carrierName')}
          description={t('shipments.form.carrierHint')}
          value={draft.carrierName}
          onChange={(carrierName) => form.patch({ carrierName })}
          errorDetail={carrierProblem}
          isRequired
        />
      ) : null}
      <TextField
        {...form.field('trackingId')}
        onChange={(trackingId) => form.patch({ trackingId, link: followedLink(draft.carrierChoice, trackingId) })}
        label={t('shipments.fields.trackingId')}
      />
      <TextField
        {...form.field('link')}
        onChange={(link) => form.patch({ link })}
        type="url"
        label={t('shipments.fields.link')}
        description={t('shipments.form.linkHint')}
      />
      <TextField
        {...form.field('shippingDate')}
        onChange={(shippingDate) => form.patch({ shippingDate })}
        type="date"
        label={t('shipments.fields.shippingDate')}
        isRequired
      />
      <fieldset className="shipment-orders-picker" aria-describedby="shipment-orders-hint">
        <legend>{t('shipments.form.orders')}</legend>
        <p id="shipment-orders-hint" className="shipment-muted">
          {chosenCustomer ? t('shipments.form.ordersOf', { customer: chosenCustomer }) : t('shipments.form.ordersHint')}
        </p>
        <ClientPicker
          value={client}
          description={t('shipments.form.clientHint')}
          onPick={(picked) => {
            setClient(picked ? { id: picked.id, name: picked.name } : null);
            setQ(picked?.name ?? '');
          }}
        />
        <TextField label={t('shipments.form.searchOrders')} value={q} onChange={setQ} type="search" />
        {shippable.isError ? <p role="alert">{describeError(t, shippable.error)}</p> : null}
        {offered.length === 0 && !shippable.isPending ? <p className="shipment-muted">{t('shipments.form.noShippableOrders')}</p> : null}
        <ul className="plain-list">
          {offered.filter(sameCustomer).map((order) => {
            const index = draft.orderIds.indexOf(order.id);
            return (
              <li key={order.id} className="shipment-order-choice">
                <Checkbox isSelected={index >= 0} onChange={(chosen) => toggle(order, chosen)} isDisabled={disabled}>
                  {t('shipments.form.orderChoice', { orderNumber: order.orderNumber, customer: order.name, place: order.place ?? '' })}
                </Checkbox>
                <span className="shipment-muted">
                  {order.readyQuantity === undefined
                    ? t('shipments.form.heldQuantity', { quantity: format(order.quantity ?? order.ordered), ordered: format(order.ordered) })
                    : t('shipments.form.readyOf', { ready: format(order.readyQuantity), ordered: format(order.ordered) })}
                </span>
                {index >= 0 && order.readyQuantity !== undefined ? (
                  <TextField
                    name={`quantity-${order.id}`}
                    label={t('shipments.form.quantity', { orderNumber: order.orderNumber })}
                    description={t('shipments.form.quantityHint', { ready: format(order.readyQuantity) })}
                    inputMode="numeric"
                    value={draft.quantities[order.id] ?? ''}
                    onChange={(typed) => form.patch({ quantities: { ...draft.quantities, [order.id]: typed } })}
                    errorDetail={form.problem(`orders.${index}.quantity`)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
        {orderProblem ? (
          <p className="shipment-canceled" role="alert">
            {translateDetail(t, orderProblem)}
          </p>
        ) : null}
        <p className="shipment-muted">{t('shipments.form.chosenCount', { count: draft.orderIds.length, date: formats.day(draft.shippingDate || null) })}</p>
      </fieldset>
    </fieldset>
  );
}

function FormHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-header shipment-header">
      <Breadcrumb crumbs={[{ label: t('screens.order.title'), href: '/order' }, { label: t('shipments.tab'), href: shipmentListHref }, { label: title }]} />
      <h1>{title}</h1>
    </div>
  );
}

/** `order/add-shipment-order`: a new shipping order of customer orders Ready to ship, all of one customer. */
export function AddShipmentScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const form = useShipmentForm(emptyDraft);
  const create = useCreateShipment();
  const { release } = useUnsavedChangesGuard(form.isDirty);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    create.mutate(checked as ShipmentFormInput, {
      onSuccess: (shipment) => {
        notify({ severity: 'success', message: t('shipments.messages.created', { shipmentNumber: shipment.shipmentNumber }) });
        release();
        navigate(shipmentDetailsHref(shipment.id));
      },
      onError: (error) => {
        form.showServerProblems(error);
        notify({ severity: 'error', message: t('shipments.messages.createFailed', { reason: describeError(t, error) }) });
      },
    });
  };

  const title = t('shipments.form.addTitle');
  return (
    <FormPage
      scopeId={form.scopeId}
      header={<FormHeader title={title} />}
      title={title}
      onSubmit={submit}
      problems={form.hasProblems ? t('shipments.form.fixProblems') : null}
      cancelHref={shipmentListHref}
      submitLabel={t('shipments.form.create')}
      submitDisabled={create.isPending}
    >
      <ShipmentFields form={form} inShipment={[]} disabled={false} />
    </FormPage>
  );
}

/** `order/add-shipment-order/:id`: changes a shipping order while it is not Sent, on the version it was loaded with. */
export function EditShipmentScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const shipment = useShipment(id);
  // The form keeps its first load: a live refresh must not overwrite what the user is typing.
  const [loaded, setLoaded] = useState<ShipmentView | null>(null);
  if (!loaded && shipment.data) setLoaded(shipment.data);
  return (
    <ShipmentLoader id={id} query={shipment} pageTitle={t('shipments.form.editTitleShort')}>
      {(current) => <EditShipmentForm key={current.id} shipment={loaded ?? current} />}
    </ShipmentLoader>
  );
}

function EditShipmentForm({ shipment }: { shipment: ShipmentView }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const { session } = useAuth();
  const canWrite = can(session, 'write');
  const [editable, setEditable] = useState(shipment.editable);
  const [held, setHeld] = useState<PickableOrder[]>(shipment.orders);
  const form = useShipmentForm(() => draftOf(shipment));
  const { release } = useUnsavedChangesGuard(form.isDirty);
  const edit = useVersionedEdit({
    version: shipment.version,
    latest: getShipmentQueryOptions(shipment.id),
    texts: 'shipments.conflict',
    onLatest: (latest, keepEntries) => {
      setEditable(latest.editable);
      setHeld(latest.orders);
      if (!keepEntries) form.reset(draftOf(latest));
    },
  });
  const change = useChangeShipment();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    change.mutate(
      { id: shipment.id, form: checked as ShipmentFormInput, version: edit.version },
      {
        onSuccess: (saved) => {
          notify({ severity: 'success', message: t('shipments.messages.updated', { shipmentNumber: saved.shipmentNumber }) });
          release();
          navigate(shipmentDetailsHref(saved.id));
        },
        onError: (error) => {
          if (edit.isConflict(error)) {
            // EditConflict offers to load the latest version.
          } else if (isNotEditable(error)) setEditable(false);
          else form.showServerProblems(error);
          notify({
            severity: 'error',
            message: t('shipments.messages.updateFailed', { shipmentNumber: shipment.shipmentNumber, reason: describeError(t, error) }),
          });
        },
      },
    );
  };

  const title = t('shipments.form.editTitle', { shipmentNumber: shipment.shipmentNumber });
  const mayChange = canWrite && editable;
  return (
    <FormPage
      scopeId={form.scopeId}
      header={<FormHeader title={title} />}
      title={title}
      onSubmit={submit}
      conflict={<EditConflict edit={edit} values={{ shipmentNumber: shipment.shipmentNumber }} />}
      problems={form.hasProblems ? t('shipments.form.fixProblems') : null}
      note={mayChange ? null : t(canWrite ? 'shipments.form.notEditable' : 'shipments.form.readOnly')}
      cancelHref={shipmentDetailsHref(shipment.id)}
      submitLabel={t('common.actions.save')}
      submitDisabled={change.isPending || !mayChange}
    >
      <ShipmentFields form={form} inShipment={held} disabled={!mayChange} />
    </FormPage>
  );
}
