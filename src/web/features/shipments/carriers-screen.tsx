import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { carrierInputSchema, type CarrierInputForm, type CarrierView } from '../../../domain/shipments/carrier.schema';
import { TRACKING_ID_PLACEHOLDER } from '../../../domain/shipments/shipment.schema';
import { can } from '../../lib/access';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { describeError, translateDetail, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Breadcrumb } from '../../ui/breadcrumb';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Form, FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { TextField } from '../../ui/text-field';
import { useAddCarrier, useCarriers, useChangeCarrier, useDeleteCarrier, useSetCarrierRetired } from './api/carriers';
import { shipmentListHref } from './list-search';
import './shipments.css';

/** Where the carriers are managed: linked from the shipment form and the Shipping Orders tab. */
export const carriersHref = '/order/carriers';

/** What the carrier form holds while it is typed in: the name and the template ('' for none). */
type CarrierBody = Required<CarrierInputForm>;

const emptyCarrier = (): CarrierBody => ({ name: '', trackingLinkTemplate: '' });
const checkCarrier = (draft: CarrierBody) => validateInput(carrierInputSchema, draft);

/** The name and template fields; `onSave` gets the checked body and answers whether the server took it. */
function CarrierForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
  isPending,
}: {
  initial: CarrierBody;
  submitLabel: string;
  onSave: (body: CarrierBody, done: (error?: unknown) => void) => void;
  onCancel?: () => void;
  isPending: boolean;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm({ initial: () => initial, check: checkCarrier });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.submit()) return;
    onSave(form.draft, (error) => {
      if (error) form.showServerProblems(error);
      else if (!onCancel) form.reset(emptyCarrier());
    });
  };
  return (
    <Form className="carrier-form" onSubmit={submit} aria-label={submitLabel} id={form.scopeId}>
      {form.hasProblems ? <FormError>{t('shipments.form.fixProblems')}</FormError> : null}
      <TextField {...form.field('name')} label={t('shipments.carriers.name')} isRequired />
      <TextField
        {...form.field('trackingLinkTemplate')}
        type="url"
        label={t('shipments.carriers.template')}
        description={t('shipments.carriers.templateHint', { placeholder: TRACKING_ID_PLACEHOLDER })}
      />
      <div className="form-actions">
        {onCancel ? <Button onPress={onCancel}>{t('common.actions.cancel')}</Button> : null}
        <Button type="submit" isDisabled={isPending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** A refusal in words: the detail's text when it has one (a carrier in use says how many shipments), else the code's. */
const reasonOf = (t: Parameters<typeof describeError>[0], error: unknown) =>
  isApiError(error) && error.details[0] ? translateDetail(t, error.details[0]) : describeError(t, error);

function CarrierRow({ carrier, canWrite }: { carrier: CarrierView; canWrite: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const change = useChangeCarrier();
  const retirement = useSetCarrierRetired();
  const remove = useDeleteCarrier();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const failed = (error: unknown) => notify({ severity: 'error', message: t('shipments.carriers.failed', { name: carrier.name, reason: reasonOf(t, error) }) });

  return (
    <tr>
      <th scope="row">{carrier.name}</th>
      <td className="carrier-template">{carrier.trackingLinkTemplate ?? t('shipments.carriers.noTemplate')}</td>
      <td>{carrier.retired ? t('shipments.carriers.retired') : t('shipments.carriers.active')}</td>
      <td>{carrier.shipmentCount}</td>
      {canWrite ? (
        <td className="shipment-row-actions">
          <Button aria-label={t('shipments.carriers.editNamed', { name: carrier.name })} onPress={() => setEditing(true)}>
            {t('shipments.carriers.edit')}
          </Button>
          <Button
            isDisabled={retirement.isPending}
            onPress={() =>
              retirement.mutate(
                { id: carrier.id, retired: !carrier.retired },
                {
                  onSuccess: () =>
                    notify({
                      severity: 'success',
                      message: t(carrier.retired ? 'shipments.carriers.reinstated' : 'shipments.carriers.retiredDone', { name: carrier.name }),
                    }),
                  onError: failed,
                },
              )
            }
          >
            {t(carrier.retired ? 'shipments.carriers.reinstate' : 'shipments.carriers.retire')}
          </Button>
          <Button aria-label={t('shipments.carriers.deleteNamed', { name: carrier.name })} onPress={() => setDeleting(true)}>
            {t('shipments.carriers.delete')}
          </Button>
          <Dialog title={t('shipments.carriers.editTitle', { name: carrier.name })} isOpen={editing} onOpenChange={setEditing} isDismissable={false}>
            <CarrierForm
              initial={{ name: carrier.name, trackingLinkTemplate: carrier.trackingLinkTemplate ?? '' }}
              submitLabel={t('common.actions.save')}
              isPending={change.isPending}
              onCancel={() => setEditing(false)}
              onSave={(body, done) =>
                change.mutate(
                  { id: carrier.id, body },
                  {
                    onSuccess: (saved) => {
                      done();
                      setEditing(false);
                      notify({ severity: 'success', message: t('shipments.carriers.saved', { name: saved.name }) });
                    },
                    onError: (error) => {
                      done(error);
                      failed(error);
                    },
                  },
                )
              }
            />
          </Dialog>
          <Dialog title={t('shipments.carriers.deleteTitle', { name: carrier.name })} isOpen={deleting} onOpenChange={setDeleting}>
            {(close) => (
              <>
                <p>{t('shipments.carriers.deleteText', { name: carrier.name })}</p>
                <DialogActions>
                  <Button onPress={close}>{t('common.actions.cancel')}</Button>
                  <Button
                    isDisabled={remove.isPending}
                    onPress={() =>
                      remove.mutate(carrier.id, {
                        onSuccess: () => notify({ severity: 'success', message: t('shipments.carriers.deleted', { name: carrier.name }) }),
                        onError: failed,
                        onSettled: close,
                      })
                    }
                  >
                    {t('shipments.carriers.delete')}
                  </Button>
                </DialogActions>
              </>
            )}
          </Dialog>
        </td>
      ) : null}
    </tr>
  );
}

/** `order/carriers`: the company's carriers with their tracking-link templates; add, edit, retire, delete. */
export function CarriersScreen() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { session } = useAuth();
  const canWrite = can(session, 'write');
  const carriers = useCarriers();
  const add = useAddCarrier();
  const title = t('shipments.carriers.title');
  const rows = carriers.data?.data ?? [];

  return (
    <div className="page">
      <div className="page-header shipment-header">
        <Breadcrumb crumbs={[{ label: t('screens.order.title'), href: '/order' }, { label: t('shipments.tab'), href: shipmentListHref }, { label: title }]} />
        <h1>{title}</h1>
        <p className="shipment-muted">{t('shipments.carriers.intro')}</p>
      </div>
      {canWrite ? (
        <section className="panel shipment-panel" aria-labelledby="carrier-add-heading">
          <h2 id="carrier-add-heading">{t('shipments.carriers.addTitle')}</h2>
          <CarrierForm
            initial={emptyCarrier()}
            submitLabel={t('shipments.carriers.add')}
            isPending={add.isPending}
            onSave={(body, done) =>
              add.mutate(body, {
                onSuccess: (saved) => {
                  done();
                  notify({ severity: 'success', message: t('shipments.carriers.added', { name: saved.name }) });
                },
                onError: (error) => {
                  done(error);
                  notify({ severity: 'error', message: t('shipments.carriers.failed', { name: body.name, reason: reasonOf(t, error) }) });
                },
              })
            }
          />
        </section>
      ) : null}
      <section className="panel shipment-panel">
        {carriers.isError ? <p role="alert">{describeError(t, carriers.error)}</p> : null}
        {carriers.isSuccess && rows.length === 0 ? <p className="shipment-muted">{t('shipments.carriers.none')}</p> : null}
        {rows.length > 0 ? (
          <table className="carrier-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('shipments.carriers.name')}</th>
                <th scope="col">{t('shipments.carriers.template')}</th>
                <th scope="col">{t('shipments.carriers.status')}</th>
                <th scope="col">{t('shipments.carriers.shipments')}</th>
                {canWrite ? <th scope="col">{t('shipments.carriers.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((carrier) => (
                <CarrierRow key={carrier.id} carrier={carrier} canWrite={canWrite} />
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </div>
  );
}
