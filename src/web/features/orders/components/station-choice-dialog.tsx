import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { Select, SelectItem } from '../../../ui/select';
import { useCheckInTargets, useMoveTargets, type StationTargets } from '../api/orders';
import type { OrderView } from '../api/types';

type StationAction = 'move-to-station' | 'check-in';

interface StationChoiceDialogProps {
  order: OrderView;
  action: StationAction;
  /** A sentence above the choice, when the screen wants one. */
  text?: string;
  onClose: () => void;
  onChoose: (stationId: string) => void;
}

/** Chooses the station an action takes the order to, from the targets the action allows. */
function StationChoiceDialog({ order, action, text, targets, onClose, onChoose }: StationChoiceDialogProps & { targets: StationTargets }) {
  const { t } = useTranslation();
  const choices = targets.status === 'success' ? targets.data : [];
  const [stationId, setStationId] = useState<string | null>(null);
  return (
    <Dialog title={t(`orders.actions.${action}.dialogTitle`, { orderNumber: order.orderNumber })} isOpen onOpenChange={(open) => (open ? null : onClose())}>
      {(close) => (
        <>
          {text ? <p>{text}</p> : null}
          {targets.status === 'error' ? <p role="alert">{describeError(t, targets.error)}</p> : null}
          {targets.status === 'success' && choices.length === 0 ? <p>{t(`orders.actions.${action}.noStations`)}</p> : null}
          <Select
            label={t('orders.fields.station')}
            items={choices}
            value={stationId}
            onChange={(key) => setStationId(typeof key === 'string' ? key : null)}
            isDisabled={choices.length === 0}
          >
            {(station) => <SelectItem id={station.id}>{station.name}</SelectItem>}
          </Select>
          <DialogActions>
            <Button variant="secondary" onPress={close}>
              {t('common.actions.cancel')}
            </Button>
            <Button
              isDisabled={!stationId}
              onPress={() => {
                if (stationId) onChoose(stationId);
                close();
              }}
            >
              {t(`orders.actions.${action}.label`)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/**
 * Move to: every station but `here` (default: where the order is), for an operator only those they
 * are authorised for (useMoveTargets).
 */
export function MoveToStationDialog({ here, ...props }: Omit<StationChoiceDialogProps, 'action'> & { here?: string | null }) {
  const at = here !== undefined ? here : props.order.location?.stage === 'station' ? props.order.location.stationId : null;
  return <StationChoiceDialog {...props} action="move-to-station" targets={useMoveTargets(at)} />;
}

/** Check-in: the incoming-goods stations. */
export function CheckInDialog(props: Omit<StationChoiceDialogProps, 'action'>) {
  return <StationChoiceDialog {...props} action="check-in" targets={useCheckInTargets()} />;
}
