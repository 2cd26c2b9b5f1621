import { useQueries } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import type { OrderView } from '../../../domain/orders/orders.views';
import type { ShipmentAction } from '../../../domain/shipments/shipment.decider';
import { shipmentStreamId } from '../../../domain/shipments/shipment.events';
import { attachmentContentTypes, shipmentLimits } from '../../../domain/shipments/shipment.schema';
import type { ShipmentView } from '../../../domain/shipments/shipments.views';
import { can } from '../../lib/access';
import { isApiError, type UploadProgress } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import { useFormatNumber, useLocaleFormats } from '../../lib/locale';
import { saveFile } from '../../lib/object-url';
import { useLiveQuery, type LiveQueryState } from '../../lib/use-live-feed';
import { Breadcrumb } from '../../ui/breadcrumb';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/dialog';
import { FilePicker } from '../../ui/file-picker';
import { Link } from '../../ui/link';
import { LivePanel } from '../../ui/live-panel';
import { useNotify } from '../../ui/notification-bar';
import { ProgressBar } from '../../ui/progress-bar';
import { RecordLoader } from '../../ui/record-loader';
import { downloadAttachment, getShipmentQueryOptions, useRemoveAttachment, useShipment, useShipmentAction, useUploadAttachment } from './api/shipments';
import { LiveNote } from './components/live-note';
import { ShipmentStatusBadge, ShipmentStepper } from './components/shipment-status';
import { ShipmentHistoryPanel } from './components/shipment-history';
import { TrackingLinksPanel } from './components/tracking-links';
import { editShipmentHref, orderDetailsHref, shipmentListHref } from './list-search';
import { orderQueryOptions } from '../../lib/resources/order-actions';
import './shipments.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The record loader of a shipment's screens, leading back to the Shipping Orders tab. */
export function ShipmentLoader<T>(props: {
  id: string;
  query: { data: T | undefined; error: unknown; isFetching: boolean; refetch: () => unknown };
  pageTitle: string;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <RecordLoader
      id={props.id}
      query={props.query}
      failedTitle={t('shipments.details.loadFailed')}
      noneChosen={{ title: t('shipments.details.noneChosen'), text: t('shipments.details.chooseInList') }}
      back={{ href: shipmentListHref, label: t('shipments.details.backToList') }}
      frame={(placeholder) => (
        <div className="page">
          <div className="page-header">
            <h1>{props.pageTitle}</h1>
          </div>
          <div className="panel">{placeholder}</div>
        </div>
      )}
    >
      {props.children}
    </RecordLoader>
  );
}

/** The action buttons the server's `actions` allow; Cancel asks first. */
function ShipmentActions({ shipment }: { shipment: ShipmentView }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const action = useShipmentAction();
  const [confirmCancel, setConfirmCancel] = useState(false);

  const run = (which: ShipmentAction) =>
    action.mutate(
      { id: shipment.id, action: which, version: shipment.version },
      {
        onSuccess: (done) => notify({ severity: 'success', message: t(`shipments.messages.${which}.done`, { shipmentNumber: done.shipmentNumber }) }),
        onError: (error) =>
          notify({
            severity: 'error',
            message: t(`shipments.messages.${which}.failed`, { shipmentNumber: shipment.shipmentNumber, reason: describeError(t, error) }),
          }),
      },
    );

  if (shipment.actions.length === 0) return null;
  return (
    <div className="shipment-buttons">
      {shipment.actions.map((which) => (
        <Button
          key={which}
          variant={which === 'cancel' ? 'danger' : 'primary'}
          isDisabled={action.isPending}
          onPress={() => (which === 'cancel' ? setConfirmCancel(true) : run(which))}
        >
          {t(`shipments.actions.${which}`)}
        </Button>
      ))}
      <Dialog title={t('shipments.cancelDialog.title', { shipmentNumber: shipment.shipmentNumber })} isOpen={confirmCancel} onOpenChange={setConfirmCancel}>
        {(close) => (
          <>
            <p>{t('shipments.cancelDialog.text')}</p>
            <DialogActions>
              <Button variant="secondary" onPress={close} autoFocus>
                {t('shipments.cancelDialog.keep')}
              </Button>
              <Button
                variant="danger"
                onPress={() => {
                  close();
                  run('cancel');
                }}
              >
                {t('shipments.cancelDialog.confirm')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </div>
  );
}

function Attachments({ shipment, canWrite }: { shipment: ShipmentView; canWrite: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const format = useFormatNumber();
  const upload = useUploadAttachment();
  const remove = useRemoveAttachment();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mayChange = canWrite && shipment.editable;
  const limitMb = format(shipmentLimits.attachmentBytes / (1024 * 1024));

  const send = (file: File) => {
    setProblem(null);
    if (file.size > shipmentLimits.attachmentBytes) {
      const message = t('shipments.attachments.tooBig', { fileName: file.name, max: limitMb });
      setProblem(message);
      notify({ severity: 'error', message });
      return;
    }
    setProgress({ loaded: 0, total: file.size });
    upload.mutate(
      { id: shipment.id, file, onProgress: setProgress },
      {
        onSuccess: () => notify({ severity: 'success', message: t('shipments.attachments.uploaded', { fileName: file.name }) }),
        onError: (error) => {
          const message = t('shipments.attachments.uploadFailed', { fileName: file.name, reason: describeError(t, error) });
          setProblem(message);
          notify({ severity: 'error', message });
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const download = async (attachmentId: string, fileName: string) => {
    try {
      saveFile(await downloadAttachment(shipment.id, attachmentId), fileName);
    } catch (error) {
      notify({ severity: 'error', message: t('shipments.attachments.downloadFailed', { fileName, reason: describeError(t, error) }) });
    }
  };

  return (
    <section className="panel shipment-panel" aria-labelledby="shipment-attachments-heading">
      <h2 id="shipment-attachments-heading">{t('shipments.attachments.title')}</h2>
      {shipment.attachments.length === 0 ? <p className="shipment-muted">{t('shipments.attachments.none')}</p> : null}
      <ul className="plain-list">
        {shipment.attachments.map((attachment) => (
          <li key={attachment.id} className="shipment-attachment">
            <span>{attachment.fileName}</span>
            <span className="shipment-muted">{t('shipments.attachments.size', { size: format(Math.max(1, Math.round(attachment.size / 1024))) })}</span>
            <Button
              variant="quiet"
              onPress={() => void download(attachment.id, attachment.fileName)}
              aria-label={t('shipments.attachments.downloadNamed', { fileName: attachment.fileName })}
            >
              {t('shipments.attachments.download')}
            </Button>
            {mayChange ? (
              <Button
                variant="quiet"
                isDisabled={remove.isPending}
                aria-label={t('shipments.attachments.removeNamed', { fileName: attachment.fileName })}
                onPress={() =>
                  remove.mutate(
                    { id: shipment.id, attachmentId: attachment.id, version: shipment.version },
                    {
                      onSuccess: () => notify({ severity: 'success', message: t('shipments.attachments.removed', { fileName: attachment.fileName }) }),
                      onError: (error) =>
                        notify({
                          severity: 'error',
                          message: t('shipments.attachments.removeFailed', { fileName: attachment.fileName, reason: describeError(t, error) }),
                        }),
                    },
                  )
                }
              >
                {t('shipments.attachments.remove')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {progress ? <ProgressBar label={t('shipments.attachments.uploading')} value={progress.loaded} maxValue={Math.max(progress.total, 1)} /> : null}
      {problem ? (
        <p className="shipment-canceled" role="alert">
          {problem}
        </p>
      ) : null}
      {mayChange ? (
        <div className="shipment-buttons">
          <FilePicker
            acceptedFileTypes={attachmentContentTypes}
            onSelect={send}
            isDisabled={upload.isPending || shipment.attachments.length >= shipmentLimits.attachments}
          >
            {t('shipments.attachments.add')}
          </FilePicker>
          <span className="shipment-muted">{t('shipments.attachments.rule', { max: limitMb, count: shipmentLimits.attachments })}</span>
        </div>
      ) : null}
    </section>
  );
}

/** The orders of the shipment with where each stands and where it goes. */
function ShipmentOrders({ shipment }: { shipment: ShipmentView }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const orders = useQueries({
    queries: shipment.orders.map((order) => orderQueryOptions(order.id)),
  });
  const addressOf = (view: OrderView | undefined) =>
    view ? [`${view.street} ${view.houseNumber}`.trim(), view.addressSuffix, `${view.zip} ${view.place}`.trim(), view.country].filter(Boolean).join(', ') : '…';
  return (
    <section className="panel shipment-panel" aria-labelledby="shipment-orders-heading">
      <h2 id="shipment-orders-heading">{t('shipments.details.orders')}</h2>
      <ul className="plain-list">
        {shipment.orders.map((order, index) => (
          <li key={order.id}>
            <Link href={orderDetailsHref(order.id)}>{t('shipments.details.orderNamed', { orderNumber: order.orderNumber })}</Link>{' '}
            <span>{t(`orders.status.${order.status}`)}</span>
            <span className="shipment-line">
              {t('shipments.details.orderQuantity', { quantity: format(order.quantity ?? order.ordered), ordered: format(order.ordered) })}
            </span>
            <span className="shipment-line shipment-muted">
              {t('shipments.details.deliverTo', { name: order.name, address: addressOf(orders[index]?.data) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ShipmentDetails({ shipment, live, documents }: { shipment: ShipmentView; live: LiveQueryState; documents?: ReactNode }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const formats = useLocaleFormats();
  const canWrite = can(session, 'write');
  const title = t('shipments.details.title', { shipmentNumber: shipment.shipmentNumber });

  return (
    <div className="page">
      <div className="page-header shipment-header">
        <Breadcrumb crumbs={[{ label: t('screens.order.title'), href: '/order' }, { label: t('shipments.tab'), href: shipmentListHref }, { label: title }]} />
        <div className="shipment-title">
          <h1>{title}</h1>
          <ShipmentStatusBadge status={shipment.status} />
        </div>
        {canWrite && shipment.editable ? (
          <div className="shipment-toolbar">
            <Link variant="button" href={editShipmentHref(shipment.id)}>
              {t('shipments.details.edit')}
            </Link>
          </div>
        ) : null}
      </div>

      <LivePanel
        className="shipment-panel"
        headerClassName="shipment-panel-header"
        headingId="shipment-status-heading"
        heading={t('shipments.details.statusTitle')}
        isCurrent={live.isCurrent}
        note={<LiveNote live={live} subject={title} />}
      >
        <ShipmentStepper status={shipment.status} label={t('shipments.details.progress')} />
        {shipment.status === 'sent' ? <p className="shipment-muted">{t('shipments.details.sentNotEditable')}</p> : null}
        {canWrite ? <ShipmentActions shipment={shipment} /> : null}
      </LivePanel>

      <section className="panel shipment-panel" aria-labelledby="shipment-data-heading">
        <h2 id="shipment-data-heading">{t('shipments.details.dataTitle')}</h2>
        <dl className="shipment-facts">
          <Fact label={t('shipments.fields.customer')}>{shipment.customerName}</Fact>
          <Fact label={t('shipments.fields.deliveredBy')}>{shipment.carrier.name}</Fact>
          <Fact label={t('shipments.fields.trackingId')}>{shipment.trackingId || '–'}</Fact>
          <Fact label={t('shipments.fields.link')}>
            {shipment.link ? (
              <a href={shipment.link} target="_blank" rel="noopener noreferrer">
                {t('shipments.details.openTracking')}
              </a>
            ) : (
              '–'
            )}
          </Fact>
          <Fact label={t('shipments.fields.shippingDate')}>{formats.day(shipment.shippingDate)}</Fact>
          <Fact label={t('shipments.fields.createdAt')}>{formats.dateTime(shipment.createdAt)}</Fact>
        </dl>
      </section>

      <ShipmentOrders shipment={shipment} />
      <Attachments shipment={shipment} canWrite={canWrite} />
      <TrackingLinksPanel shipment={shipment} canWrite={canWrite} />
      {documents}
      <ShipmentHistoryPanel shipmentId={shipment.id} />
    </div>
  );
}

/** `order/shipment/:id`: a shipment with its orders, attachments, tracking links and history, kept current live. */
export function ShipmentDetailsScreen({ documents }: { documents?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const shipment = useShipment(id);
  const topics = useMemo(() => (id ? [`stream:${shipmentStreamId(id)}` as const] : []), [id]);
  const live = useLiveQuery(topics, getShipmentQueryOptions(id).queryKey, shipment);
  return (
    <ShipmentLoader id={id} query={shipment} pageTitle={t('screens.shipment.title')}>
      {(loaded) => <ShipmentDetails shipment={loaded} live={live} documents={documents} />}
    </ShipmentLoader>
  );
}

/** A refusal that means the shipment may no longer be changed (Sent, Delivered, Canceled). */
export const isNotEditable = (error: unknown) =>
  isApiError(error) && (error.code === 'SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE' || error.code === 'ORDER_NOT_EDITABLE');
