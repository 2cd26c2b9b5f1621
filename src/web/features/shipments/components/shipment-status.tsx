import { useTranslation } from 'react-i18next';
import type { ShipmentStatus } from '../../../../domain/shipments/shipment.schema';
import { Badge, type Tone } from '../../../ui/badge';
import { Stepper, type Step } from '../../../ui/stepper';

const statusTones: Record<ShipmentStatus, Tone> = {
  open: 'neutral',
  'ready-for-dispatch': 'info',
  sent: 'info',
  delivered: 'positive',
  canceled: 'error',
};

/** A shipment's status in words, coloured by how far it is. */
export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const { t } = useTranslation();
  return <Badge tone={statusTones[status]}>{t(`shipments.status.${status}`)}</Badge>;
}

/** The steps a shipment passes; Canceled is none of them. */
export const shipmentSteps = ['open', 'ready-for-dispatch', 'sent', 'delivered'] as const satisfies readonly ShipmentStatus[];

/** Open -> Ready for dispatch -> Sent -> Delivered; a canceled shipment has every step upcoming and says so below. */
export function ShipmentStepper({ status, label }: { status: ShipmentStatus; label: string }) {
  const { t } = useTranslation();
  const reached = shipmentSteps.indexOf(status as (typeof shipmentSteps)[number]);
  const steps: Step[] = shipmentSteps.map((step, index) => ({
    id: step,
    label: t(`shipments.status.${step}`),
    state: reached < 0 || index > reached ? 'upcoming' : index === reached ? (step === 'delivered' ? 'done' : 'current') : 'done',
  }));
  return (
    <>
      <Stepper label={label} steps={steps} doneText={t('shipments.details.stepDone')} />
      {status === 'canceled' ? <p className="shipment-canceled">{t('shipments.details.canceled')}</p> : null}
    </>
  );
}
