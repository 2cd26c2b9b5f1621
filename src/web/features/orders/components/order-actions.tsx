import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderActions, type OrderAction } from '../../../../domain/orders/order.machine';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import type { OrderView } from '../api/types';
import { useRunOrderAction } from '../use-run-order-action';
import { CheckInDialog, MoveToStationDialog } from './station-choice-dialog';

/** Work started and completed: the operator's, at the station screen. */
const operatorOnly: readonly OrderAction[] = ['start-work', 'complete-work'];
/** Moving to another station and cancelling come last. */
const shownLast: readonly OrderAction[] = ['move-to-station', 'cancel'];

/** Actions done from the console, in the domain's order but for those shown last. */
const consoleActions: readonly OrderAction[] = [
  ...orderActions.filter((action) => !operatorOnly.includes(action) && !shownLast.includes(action)),
  ...shownLast,
];

/** Actions that need a station chosen first, or a second thought. */
type DialogAction = 'move-to-station' | 'check-in' | 'cancel';
const needsDialog = (action: OrderAction): action is DialogAction => action === 'move-to-station' || action === 'check-in' || action === 'cancel';

function CancelDialog({ order, onClose, run }: { order: OrderView; onClose: () => void; run: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('orders.actions.cancel.dialogTitle', { orderNumber: order.orderNumber })} isOpen onOpenChange={(open) => (open ? null : onClose())}>
      {(close) => (
        <>
          <p>{t('orders.actions.cancel.confirm', { orderNumber: order.orderNumber })}</p>
          <DialogActions>
            <Button variant="secondary" onPress={close}>
              {t('orders.actions.cancel.keep')}
            </Button>
            <Button
              variant="danger"
              onPress={() => {
                run();
                close();
              }}
            >
              {t('orders.actions.cancel.label')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** The buttons of the actions the order's status allows now (the server's `actions`), nothing more. */
export function OrderActions({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const { run, isPending } = useRunOrderAction(order);
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const allowed = consoleActions.filter((action) => order.actions.includes(action));

  if (allowed.length === 0) return <p className="order-muted">{t('orders.details.noActions')}</p>;
  return (
    <>
      <div className="order-buttons" role="group" aria-label={t('orders.details.actions')}>
        {allowed.map((action, index) => (
          <Button
            key={action}
            variant={action === 'cancel' ? 'danger' : index === 0 ? 'primary' : 'secondary'}
            isDisabled={isPending}
            onPress={() => (needsDialog(action) ? setDialog(action) : void run(action))}
          >
            {t(`orders.actions.${action}.label`)}
          </Button>
        ))}
      </div>
      {dialog === 'cancel' ? <CancelDialog order={order} onClose={() => setDialog(null)} run={() => void run('cancel')} /> : null}
      {dialog === 'move-to-station' ? (
        <MoveToStationDialog order={order} onClose={() => setDialog(null)} onChoose={(toStationId) => void run('move-to-station', { toStationId })} />
      ) : null}
      {dialog === 'check-in' ? (
        <CheckInDialog order={order} onClose={() => setDialog(null)} onChoose={(stationId) => void run('check-in', { stationId })} />
      ) : null}
    </>
  );
}
