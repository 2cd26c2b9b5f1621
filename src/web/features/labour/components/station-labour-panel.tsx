import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LABOUR_STREAM_TYPE, pauseReasons, type PauseReason } from '../../../../domain/labour/labour.events';
import type { LabourStatus } from '../../../../domain/labour/labour.views';
import { ORDER_STREAM_TYPE } from '../../../../domain/orders/order.events';
import { useAuth } from '../../../lib/auth';
import { describeError } from '../../../lib/error-messages';
import { submitCommand } from '../../../lib/offline-queue';
import { useLiveQuery } from '../../../lib/use-live-feed';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions } from '../../../ui/dialog';
import { Form } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { Select, SelectItem } from '../../../ui/select';
import { Spinner } from '../../../ui/spinner';
import { getLabourStatusQueryOptions, getStationLabourQueryOptions, labourKey, useLabourStatus, useStationLabour } from '../api/labour';
import { timeText } from './format';
import { SplitDialog, evenAmounts, type SplitPeriod } from './split-dialog';
import '../labour.css';

type StationCommand = 'clock-in' | 'clock-out' | 'join-work' | 'pause-work' | 'resume-work' | 'leave-work';

/**
 * The station's clock commands go through its offline queue (docs/offline-station.md): sent at once
 * with an idempotency key, or kept and sent in order once the connection is back. Each carries the
 * moment of the tap (`at`), so a kept one counts when it was tapped, not when it was sent.
 */
function useStationCommands(stationId: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const owner = session ? `${session.userId}:${stationId}` : null;
  const [sending, setSending] = useState(false);
  const send = async (kind: StationCommand, path: string, body: Record<string, unknown>, order: { id: string; number: string } | null, detail = '') => {
    if (!owner) return false;
    setSending(true);
    const sent = await submitCommand(owner, {
      path,
      body: { ...body, stationId, at: new Date().toISOString() },
      after: null,
      kind,
      recordId: order?.id ?? stationId,
      recordLabel: order?.number ?? '',
      detail,
    });
    setSending(false);
    await queryClient.invalidateQueries({ queryKey: labourKey });
    if (sent.kind === 'refused') {
      notify({ severity: 'error', message: t('labour.station.failed', { reason: describeError(t, sent.error) }) });
      return false;
    }
    if (sent.kind === 'queued') notify({ severity: 'warning', message: t('offline.keptForLater') });
    return true;
  };
  return { send, sending };
}

function PauseDialog({
  orderNumber,
  isOpen,
  onClose,
  onPause,
}: {
  orderNumber: string;
  isOpen: boolean;
  onClose: () => void;
  onPause: (reason: PauseReason) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<PauseReason | null>(null);
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason(null);
    setMissing(false);
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    await onPause(reason);
    close();
  };
  const items = pauseReasons.map((id) => ({ id, name: t(`labour.pauseReasons.${id}`) }));
  return (
    <Dialog title={t('labour.station.pauseTitle', { orderNumber })} isOpen={isOpen} onOpenChange={(open) => !open && close()} isDismissable={false}>
      <Form onSubmit={(event) => void submit(event)} aria-label={t('labour.station.pauseTitle', { orderNumber })}>
        <Select
          label={t('labour.fields.pauseReason')}
          isRequired
          value={reason}
          onChange={(key) => setReason(key === null ? null : (String(key) as PauseReason))}
          items={items}
          errorDetail={missing ? { path: 'reason', message: 'validation.required' } : undefined}
          placeholder={t('labour.station.chooseReason')}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
        <DialogActions>
          <Button variant="secondary" onPress={close}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit">{t('labour.station.pause')}</Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The running work period of several orders (a split of it may be stated here), evenly in percent to start from. */
function runningPeriodOf(status: LabourStatus | undefined): SplitPeriod | null {
  if (!status?.workPeriod) return null;
  const running = status.orders.filter((work) => work.pausedAt === null);
  if (running.length < 2) return null;
  const percents = evenAmounts(running.length, 100);
  return {
    startedAt: status.workPeriod.startedAt,
    endedAt: null,
    orders: running.map((work, index) => ({ ...work, percent: percents[index] })),
  };
}

/**
 * At the station screen: the operator's clock (in, out) and the orders in work at the station with
 * who is on each; the operator clocks onto one, pauses it with a reason, resumes or leaves it.
 */
export function StationLabourPanel({ stationId }: { stationId: string }) {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  const status = useLabourStatus();
  const station = useStationLabour(stationId);
  const { send, sending } = useStationCommands(stationId);
  const [pausing, setPausing] = useState<{ id: string; number: string } | null>(null);
  const [splitting, setSplitting] = useState(false);
  const topics = [`type:${LABOUR_STREAM_TYPE}`, `type:${ORDER_STREAM_TYPE}`] as const;
  useLiveQuery(topics, getStationLabourQueryOptions(stationId).queryKey, station);
  useLiveQuery(topics, getLabourStatusQueryOptions().queryKey, status);

  const attendance = status.data?.attendance ?? null;
  const period = runningPeriodOf(status.data);
  const mine = (orderId: string) => status.data?.orders.find((work) => work.orderId === orderId && work.stationId === stationId);
  const orderPath = (orderId: string, action: string) => `/labour/orders/${encodeURIComponent(orderId)}/${action}`;

  return (
    <section className="panel labour-panel" aria-labelledby="labour-station-heading">
      <h2 id="labour-station-heading">{t('labour.station.title')}</h2>
      {status.isPending ? (
        <Spinner aria-label={t('common.loading')} />
      ) : status.isError ? (
        <p role="alert">{t('labour.loadFailed')}</p>
      ) : (
        <div className="labour-clock">
          <p className="labour-clock-state" aria-live="polite">
            {attendance ? t('labour.clock.inSince', { time: timeText(i18n.language, attendance.clockedInAt) }) : t('labour.clock.out')}
          </p>
          {attendance ? (
            <Button variant="secondary" isDisabled={sending} onPress={() => void send('clock-out', '/labour/clock-out', {}, null)}>
              {t('labour.clock.clockOut')}
            </Button>
          ) : (
            <Button isDisabled={sending} onPress={() => void send('clock-in', '/labour/clock-in', {}, null)}>
              {t('labour.clock.clockIn')}
            </Button>
          )}
        </div>
      )}
      {period ? (
        <div className="labour-split">
          <p>{status.data?.workPeriod?.stated ? t('labour.split.statedNow') : t('labour.split.evenNow', { count: period.orders.length })}</p>
          <Button variant="secondary" onPress={() => setSplitting(true)}>
            {t('labour.split.open')}
          </Button>
        </div>
      ) : null}
      {period && splitting && session ? <SplitDialog userId={session.userId} period={period} units={['percent']} onClose={() => setSplitting(false)} /> : null}
      <h3>{t('labour.station.ordersInWork')}</h3>
      {station.isPending ? (
        <Spinner aria-label={t('common.loading')} />
      ) : station.isError ? (
        <p role="alert">{t('labour.loadFailed')}</p>
      ) : station.data.orders.length === 0 ? (
        <p>{t('labour.station.noOrders')}</p>
      ) : (
        <ul className="labour-orders">
          {station.data.orders.map((order) => {
            const work = mine(order.orderId);
            const ref = { id: order.orderId, number: order.orderNumber };
            return (
              <li key={order.orderId} className="labour-order">
                <div>
                  <strong>{t('labour.station.order', { orderNumber: order.orderNumber })}</strong>
                  <ul className="labour-operators" aria-label={t('labour.station.whoIsOn', { orderNumber: order.orderNumber })}>
                    {order.operators.length === 0 ? <li>{t('labour.station.nobodyOn')}</li> : null}
                    {order.operators.map((operator) => (
                      <li key={operator.userId}>
                        {operator.pauseReason
                          ? t('labour.station.operatorPaused', { name: operator.name, reason: t(`labour.pauseReasons.${operator.pauseReason}`) })
                          : t('labour.station.operatorWorking', { name: operator.name })}
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="labour-order-actions">
                  {!work ? (
                    <Button
                      isDisabled={sending || !attendance || session?.station?.id !== stationId}
                      onPress={() => void send('join-work', orderPath(order.orderId, 'join'), {}, ref)}
                    >
                      {t('labour.station.join', { orderNumber: order.orderNumber })}
                    </Button>
                  ) : work.pausedAt ? (
                    <Button isDisabled={sending} onPress={() => void send('resume-work', orderPath(order.orderId, 'resume'), {}, ref)}>
                      {t('labour.station.resume', { orderNumber: order.orderNumber })}
                    </Button>
                  ) : (
                    <Button variant="secondary" isDisabled={sending} onPress={() => setPausing(ref)}>
                      {t('labour.station.pauseOrder', { orderNumber: order.orderNumber })}
                    </Button>
                  )}
                  {work ? (
                    <Button variant="secondary" isDisabled={sending} onPress={() => void send('leave-work', orderPath(order.orderId, 'leave'), {}, ref)}>
                      {t('labour.station.leave', { orderNumber: order.orderNumber })}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {pausing ? (
        <PauseDialog
          orderNumber={pausing.number}
          isOpen
          onClose={() => setPausing(null)}
          onPause={async (reason) => {
            await send('pause-work', orderPath(pausing.id, 'pause'), { reason }, pausing, t(`labour.pauseReasons.${reason}`));
          }}
        />
      ) : null}
    </section>
  );
}
