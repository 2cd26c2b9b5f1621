import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { INTERRUPTION_STREAM_TYPE } from '../../../domain/interruptions/interruption.events';
import { ORDER_STREAM_TYPE } from '../../../domain/orders/order.events';
import { STATION_STREAM_TYPE } from '../../../domain/stations/station.events';
import type { OrderAction } from '../../../domain/orders/order.machine';
import type { ErrorCode, ErrorDetail } from '../../../domain/shared/errors';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { waitingFor, waitingTakesAway } from './queued-work';
import { enqueue, mustQueue, onQueuedApplied, saveSnapshot, useOfflineQueue, useSnapshot, type QueuedCommand } from '../../lib/offline-queue';
import { useCompanyFunctions } from '../../lib/company-display';
import { describeError } from '../../lib/error-messages';
import { useFormatNumber, useLocaleFormats } from '../../lib/locale';
import { NCR_STREAM_TYPE } from '../../../domain/quality/ncr.events';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Form } from '../../ui/form';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import {
  findMaterialByNumber,
  findOrderByNumber,
  getOrderQueryOptions,
  ordersKey,
  useMaterialSteps,
  useOrder,
  useStationChoices,
  useWorklist,
} from './api/orders';
import type { ActionTarget } from '../../lib/resources/order-actions';
import { newIdempotencyKey } from '../../lib/resources/commands';
import type { MaterialSteps, OrderView, Worklist } from './api/types';
import { LiveState } from './components/live-state';
import { MaterialFavourites } from './components/material-favourites';
import { MoveToStationDialog } from './components/station-choice-dialog';
import { Badge } from '../../ui/badge';
import { DelayedBadge, HoldBadge, PriorityBadge, QualityBadge, StatusBadge } from './components/order-badges';
import { CompleteWithReasonDialog } from './components/complete-with-reason-dialog';
import { QuantityDialog, type QuantityReport } from './components/quantity-dialog';
import { ScannedMaterialDialog } from './components/scanned-material-dialog';
import { MediaOnArrival, StationMedia } from './components/station-media';
import { MeasurementsPanel, useCheckedValues } from './components/measurements-panel';
import { PlannedVsElapsed } from './components/planned-vs-elapsed';
import { failedValuesOfWork, unmeasuredValuesOfWork } from '../../../domain/orders/order.decider';
import type { ValueChecks } from '../../../domain/stations/station.schema';
import './orders.css';
import { useRunOrderAction } from './use-run-order-action';
import { stationPlanKey, useStationPlan } from './api/station-plan';
import { inPlanOrder, type PlannedEntry } from './worklist-plan';

// An NCR decided (use as is, rework) releases or moves the order: the station sees it at once.
const worklistTopics = [`type:${ORDER_STREAM_TYPE}`, `type:${NCR_STREAM_TYPE}`] as const;
/** The plan's order at the station also moves with stops (interruptions) and the stations' capacity; order events refresh it with the worklist. */
const planTopics = [`type:${INTERRUPTION_STREAM_TYPE}`, `type:${STATION_STREAM_TYPE}`] as const;

export interface StationWorklistProps {
  stationId: string;
  stationName: string;
  /**
   * What the chosen order consumes here (the lots of its components, scanned or picked); app/ composes it (the lots
   * feature). `isDisabled` while the order is not at this station.
   */
  consumption?: (order: OrderView, at: { owner: string | null; isDisabled: boolean }) => ReactNode;
}

/** What the operator sees after acting: done, or refused with the reason (a conflict names who was first). */
type Outcome = { kind: 'conflict'; orderNumber: string } | { kind: 'refused'; message: string } | null;

function WorklistEntries({
  worklist,
  planned,
  selectedId,
  onSelect,
  waiting,
}: {
  worklist: Worklist;
  /** The plan's view of each order here (position, startable now); empty while the plan is not known. */
  planned: ReadonlyMap<string, PlannedEntry>;
  selectedId: string | null;
  onSelect: (id: string) => void;
  waiting: readonly QueuedCommand[];
}) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  if (worklist.data.length === 0) {
    return (
      <EmptyState title={t('orders.station.empty')} headingLevel={3}>
        <p>{t('orders.station.emptyText', { station: worklist.stationName })}</p>
      </EmptyState>
    );
  }
  return (
    <ol className="plain-list station-orders" aria-label={t('orders.station.listLabel', { station: worklist.stationName })}>
      {worklist.data.map((order) => (
        <li key={order.id}>
          <Button
            variant={order.id === selectedId ? 'primary' : 'secondary'}
            className="station-order"
            aria-current={order.id === selectedId ? 'true' : undefined}
            onPress={() => onSelect(order.id)}
          >
            <span className="station-order-number">
              <span className="visually-hidden">{t('orders.station.order')} </span>
              {order.orderNumber}
            </span>
            <span className="station-order-facts">
              {order.prioritize ? <PriorityBadge /> : null}
              {order.inWork ? <Badge tone="info">{t('orders.station.inWork')}</Badge> : null}
              {planned.get(order.id)?.startable ? <Badge tone="positive">{t('orders.station.startableNow')}</Badge> : null}
              {planned.has(order.id) && !order.inWork && !planned.get(order.id)?.startable ? (
                <span>{t('orders.station.plannedStart', { at: formats.dateTime(planned.get(order.id)?.startAt ?? '') })}</span>
              ) : null}
              {waitingFor(waiting, order.id).length > 0 ? <Badge tone="warning">{t('offline.waitingToSend')}</Badge> : null}
              <QualityBadge quality={order.quality} />
              {order.pieces ? <span>{t('orders.quantities.pieces', { open: order.pieces.open, ordered: order.pieces.ordered })}</span> : null}
              <span>{t('orders.station.deliveryOn', { day: formats.day(order.deliveryDate) })}</span>
              {order.delayed ? <DelayedBadge delayed /> : null}
            </span>
          </Button>
        </li>
      ))}
    </ol>
  );
}

function MaterialStepsAtStation({ materialId, stationId }: { materialId: string; stationId: string }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const material = useMaterialSteps(materialId);
  if (!material.data) return material.isPending ? <Spinner size="small" /> : null;
  // Steps assigned to this station first; steps without a station apply anywhere.
  const steps = material.data.manufacturingSteps.filter((step) => step.stationId === stationId || step.stationId === null);
  if (steps.length === 0) return <p className="order-muted">{t('orders.station.noSteps')}</p>;
  return (
    <ol className="station-steps">
      {steps.map((step, index) => (
        <li key={index}>
          <strong>{step.process}</strong>
          {step.material ? ` · ${t('orders.station.stepMaterial', { material: step.material })}` : ''}
          {step.tool ? ` · ${t('orders.station.stepTool', { tool: step.tool })}` : ''}
          {step.time !== null ? ` · ${t('orders.station.stepTime', { minutes: format(step.time) })}` : ''}
          {step.setupTime !== null ? ` · ${t('orders.station.stepSetupTime', { minutes: format(step.setupTime) })}` : ''}
        </li>
      ))}
    </ol>
  );
}

/**
 * Completes the work here, every piece good, or with the pieces reported in the quantity dialog
 * (good, scrap, rework: docs/orders.md, Quantities): with a value outside tolerance or a checked
 * value not measured in this work, the operator gives a reason first (the server asks the same).
 */
function CompleteWorkButton({
  order,
  stationId,
  workStartedAt,
  checks,
  isDisabled,
  onComplete,
}: {
  order: OrderView;
  stationId: string;
  workStartedAt: string | null;
  checks: ValueChecks | undefined;
  isDisabled: boolean;
  onComplete: (reason?: string, report?: QuantityReport) => void;
}) {
  const { t } = useTranslation();
  const [askingReason, setAskingReason] = useState<{ report?: QuantityReport } | null>(null);
  const [reporting, setReporting] = useState(false);
  const checked = useCheckedValues(order, checks);
  const failedValues = workStartedAt ? failedValuesOfWork(order.measurements, stationId, workStartedAt) : [];
  const missingValues = workStartedAt
    ? unmeasuredValuesOfWork(
        checked.values.map((value) => value.name),
        order.measurements,
        stationId,
        workStartedAt,
      )
    : [];
  const complete = (report?: QuantityReport) =>
    failedValues.length > 0 || missingValues.length > 0 ? setAskingReason({ report }) : onComplete(undefined, report);
  const disabled = isDisabled || (checks !== undefined && checks.mode !== 'none' && checked.isPending);
  return (
    <>
      <Button isDisabled={disabled} onPress={() => complete()}>
        {t('orders.actions.complete-work.label')}
      </Button>
      {order.quantities ? (
        <Button variant="secondary" isDisabled={disabled} onPress={() => setReporting(true)}>
          {t('orders.quantities.report')}
        </Button>
      ) : null}
      {reporting && order.quantities ? (
        <QuantityDialog
          orderNumber={order.orderNumber}
          open={order.quantities.open}
          ordered={order.quantities.ordered}
          onClose={() => setReporting(false)}
          onReport={(report) => complete(report)}
        />
      ) : null}
      {askingReason ? (
        <CompleteWithReasonDialog
          orderNumber={order.orderNumber}
          failedValues={failedValues}
          missingValues={missingValues}
          onClose={() => setAskingReason(null)}
          onComplete={(reason) => onComplete(reason, askingReason.report)}
        />
      ) : null}
    </>
  );
}

function CurrentOrder({
  orderId,
  stationId,
  owner,
  onOutcome,
  onLeft,
  consumption,
}: {
  orderId: string;
  stationId: string;
  consumption: StationWorklistProps['consumption'];
  /** The offline queue's owner (operator and station), null before the session is known. */
  owner: string | null;
  onOutcome: (outcome: Outcome) => void;
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const format = useFormatNumber();
  const formats = useLocaleFormats();
  const order = useOrder(orderId);
  // Kept for a reload without network (docs/offline-station.md).
  const kept = useSnapshot(owner ? `order:${owner}:${orderId}` : null, order.data);
  const stations = useStationChoices();
  const keptStations = useSnapshot(owner ? `stations:${owner}` : null, stations.data);
  const act = useRunOrderAction(kept.data, { notifyFailure: false });
  const queue = useOfflineQueue(owner);
  const [moving, setMoving] = useState(false);

  if (!kept.data) {
    return order.isError ? <p role="alert">{describeError(t, order.error)}</p> : <Spinner />;
  }
  const current = kept.data;
  const waiting = waitingFor(queue.items, current.id);
  const started = waiting.find((item) => item.kind === 'start-work');
  const shownHere = current.location?.stage === 'station' && current.location.stationId === stationId ? current.location : null;
  // A start waiting to be sent shows as started; a move or a completion of every piece waiting shows the order as leaving
  // (a partial report leaves the rest here, in work).
  const here = shownHere && started && !shownHere.workStartedAt ? { ...shownHere, workStartedAt: started.queuedAt } : shownHere;
  const leaving = waitingTakesAway(waiting, current.quantities?.open ?? null);
  const actions: readonly OrderAction[] = leaving
    ? []
    : started
      ? [...current.actions.filter((action) => action !== 'start-work' && action !== 'complete-work'), 'complete-work']
      : current.actions;
  const station = keptStations.data?.find((candidate) => candidate.id === stationId);
  const can = (action: OrderAction) => here !== null && actions.includes(action);

  const run = async (action: OrderAction, target: ActionTarget) => {
    onOutcome(null);
    const key = newIdempotencyKey();
    if (!mustQueue(queue) || !owner) {
      const outcome = await act.run(action, target, key);
      if (outcome.ok) {
        if (outcome.answer.location?.stage !== 'station' || outcome.answer.location.stationId !== stationId) onLeft();
        return;
      }
      if (!outcome.unreachable || !owner) {
        onOutcome(outcome.isConflict ? { kind: 'conflict', orderNumber: current.orderNumber } : { kind: 'refused', message: outcome.message });
        // The fresh state: what the other operator did shows at once.
        await queryClient.invalidateQueries({ queryKey: ordersKey });
        return;
      }
      // The server could not be reached: the tap waits in the queue with the same key.
    }
    const toStation = target.toStationId ? stations.data?.find((candidate) => candidate.id === target.toStationId)?.name : undefined;
    await enqueue(owner, {
      key,
      path: `/orders/${encodeURIComponent(current.id)}/${action}`,
      body: { version: current.version, ...target },
      after: waiting.at(-1)?.key ?? null,
      kind: action,
      recordId: current.id,
      recordLabel: current.orderNumber,
      readPath: `/orders/${encodeURIComponent(current.id)}`,
      detail: toStation,
    });
    if (waitingTakesAway([...waiting, { kind: action, body: { ...target } }], current.quantities?.open ?? null)) onLeft();
  };

  return (
    <section className="station-current" aria-labelledby="station-current-heading">
      <div className="order-title">
        <h3 id="station-current-heading">{t('orders.details.orderNamed', { orderNumber: current.orderNumber })}</h3>
        <StatusBadge status={current.status} />
        {current.prioritize ? <PriorityBadge /> : null}
        <DelayedBadge delayed={current.delayed} />
        <QualityBadge quality={current.quality} />
        <HoldBadge hold={current.hold} />
      </div>
      {current.hold ? (
        <p className="station-hold" role="status">
          {t(`quality.hold.${current.hold.status}`, { number: current.hold.number })}
        </p>
      ) : null}
      {here && current.quantities ? (
        <p className="station-pieces">{t('orders.quantities.atStation', { open: current.quantities.open, ordered: current.quantities.ordered })}</p>
      ) : null}
      <p className="order-location">
        {here
          ? here.workStartedAt
            ? t('orders.station.inWorkSince', { since: formats.time(here.workStartedAt) })
            : t('orders.station.waitingSince', { since: formats.dateTime(here.arrivedAt) })
          : current.location?.stage === 'station'
            ? t('orders.station.elsewhere', { station: current.location.stationName })
            : t('orders.station.notOnLine')}
      </p>
      {here ? <PlannedVsElapsed order={current} stationId={stationId} workStartedAt={here.workStartedAt} /> : null}
      <div className="station-actions" role="group" aria-label={t('orders.details.actions')}>
        <Button isDisabled={!can('start-work') || act.isPending} onPress={() => void run('start-work', { stationId })}>
          {t('orders.actions.start-work.label')}
        </Button>
        <CompleteWorkButton
          order={current}
          stationId={stationId}
          workStartedAt={here?.workStartedAt ?? null}
          checks={station?.valueChecks}
          isDisabled={!can('complete-work') || act.isPending}
          onComplete={(reason, report) => void run('complete-work', { stationId, ...(reason === undefined ? {} : { reason }), ...report })}
        />
        <Button variant="secondary" isDisabled={!can('move-to-station') || act.isPending} onPress={() => setMoving(true)}>
          {t('orders.station.moveTo')}
        </Button>
      </div>
      <MeasurementsPanel
        order={current}
        stationId={stationId}
        checks={station?.valueChecks}
        // After rework the values are measured again before Complete is offered.
        canMeasure={(can('complete-work') || (current.hold?.status === 'rework' && Boolean(here?.workStartedAt))) && !act.isPending}
      />
      {consumption?.(current, { owner, isDisabled: here === null || leaving })}
      <dl className="order-facts">
        <div className="order-fact">
          <dt>{t('orders.fields.deliveryDate')}</dt>
          <dd>{formats.day(current.deliveryDate)}</dd>
        </div>
        <div className="order-fact order-fact-wide">
          <dt>{t('orders.fields.noteForProduction')}</dt>
          <dd className="station-note">{current.noteForProduction || '–'}</dd>
        </div>
        <div className="order-fact order-fact-wide">
          <dt>{t('orders.station.parameters')}</dt>
          <dd>
            {station && station.parameters.length > 0 ? (
              <ul className="station-parameters-list">
                {station.parameters.map((parameter) => (
                  <li key={parameter.name}>
                    {parameter.name}: {format(parameter.value)} {parameter.unit}
                  </li>
                ))}
              </ul>
            ) : (
              t('orders.station.noParameters')
            )}
          </dd>
        </div>
      </dl>
      <h4>{t('orders.form.positions')}</h4>
      <ul className="station-positions">
        {current.positions.map((position, index) => (
          <li key={index} className="station-position">
            <p className="station-position-title">
              {t('orders.station.positionLine', {
                quantity: format(position.quantity),
                material: position.materialNumber ? `${position.materialName} (${position.materialNumber})` : position.materialName,
              })}
            </p>
            <MaterialFavourites materialId={position.materialId} />
            <MaterialStepsAtStation materialId={position.materialId} stationId={stationId} />
            <StationMedia materialId={position.materialId} stationId={stationId} />
          </li>
        ))}
      </ul>
      {moving ? (
        <MoveToStationDialog
          order={current}
          here={stationId}
          text={t('orders.station.moveText')}
          onClose={() => setMoving(false)}
          onChoose={(toStationId) => void run('move-to-station', { toStationId })}
        />
      ) : null}
    </section>
  );
}

/** At most this many orders of the worklist are read ahead for a reload without network. */
const PREFETCH_LIMIT = 20;

/**
 * Reads the worklist's orders ahead while online, so the station can open each of them after the
 * connection drops (their copies are kept by `CurrentOrder`'s snapshot, here through the query
 * cache and IndexedDB). An order is read again only when its version changed.
 */
function usePrefetchForOffline(worklist: Worklist | undefined, owner: string | null) {
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, number>());
  useEffect(() => {
    if (!worklist || !owner) return;
    for (const item of worklist.data.slice(0, PREFETCH_LIMIT)) {
      if (seen.current.get(item.id) === item.version) continue;
      seen.current.set(item.id, item.version);
      void queryClient
        .fetchQuery(getOrderQueryOptions(item.id))
        .then((order) => saveSnapshot(`order:${owner}:${item.id}`, order))
        .catch(() => seen.current.delete(item.id));
    }
  }, [worklist, owner, queryClient]);
}

/**
 * The station screen's worklist: the orders at this station in the capacity plan's order there, those
 * that can start now marked (without a plan: prioritized first, then by delivery date), kept current live; the chosen order with its positions, materials, steps, the station's
 * parameters and the note for production; Start, Complete and Move to. A barcode scanner types the
 * order number and Enter, like a keyboard, which opens that order; a material's number (its label)
 * opens that material's information in a dialog, with its orders on this worklist.
 */
export function StationWorklist({ stationId, stationName, consumption }: StationWorklistProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const worklist = useWorklist(stationId);
  const live = useLiveQuery(worklistTopics, ordersKey, worklist);
  // What can start now, in the plan's order here (docs/capacity-plan.md); offline or refused, the worklist keeps its own order.
  const plan = useStationPlan(stationId);
  useLiveQuery(planTopics, stationPlanKey(stationId), plan);
  const [typed, setTyped] = useState('');
  const queryClient = useQueryClient();
  const [lookup, setLookup] = useState<{ state: 'idle' | 'searching' } | { state: 'notFound'; orderNumber: string } | { state: 'failed'; code: ErrorCode }>({
    state: 'idle',
  });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [scannedMaterial, setScannedMaterial] = useState<MaterialSteps | null>(null);
  const { session } = useAuth();
  const owner = session ? `${session.userId}:${stationId}` : null;
  const queue = useOfflineQueue(owner);
  const kept = useSnapshot(owner ? `worklist:${owner}` : null, worklist.data);
  const { entries: planOrdered, planned } = inPlanOrder(kept.data?.data ?? [], plan.data);
  const shown = kept.data ? { ...kept.data, data: planOrdered } : undefined;
  usePrefetchForOffline(worklist.data, owner);
  useEffect(() => onQueuedApplied(() => void queryClient.invalidateQueries({ queryKey: ordersKey })), [queryClient]);
  // Station scanning is an optional function of the company (App function): switched off, no order number is typed or scanned.
  const scanning = useCompanyFunctions().isOn('stationScanning');
  const chosen = search.get('order');
  // Orders a waiting completion or move takes away are not chosen by default.
  const staying = shown?.data.filter((order) => !waitingTakesAway(waitingFor(queue.items, order.id), order.pieces?.open ?? null));
  const selectedId = chosen ?? staying?.find((order) => order.inWork)?.id ?? staying?.[0]?.id ?? null;

  const select = (id: string | null) => {
    setOutcome(null);
    setSearch(id ? { order: id } : {}, { replace: true });
  };

  const open = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const orderNumber = typed.trim();
    if (!orderNumber) return;
    const inList = shown?.data.find((order) => order.orderNumber.toLowerCase() === orderNumber.toLowerCase());
    setTyped('');
    if (inList) {
      setLookup({ state: 'idle' });
      select(inList.id);
      return;
    }
    setLookup({ state: 'searching' });
    try {
      const found = await findOrderByNumber(orderNumber);
      if (!found) {
        // A scanned material label (its number) opens that material's information here.
        const material = await findMaterialByNumber(orderNumber);
        setScannedMaterial(material);
        setLookup(material ? { state: 'idle' } : { state: 'notFound', orderNumber });
        return;
      }
      // The answer is the order as its details read it: shown at once, no second request.
      queryClient.setQueryData(getOrderQueryOptions(found.id).queryKey, found);
      setLookup({ state: 'idle' });
      select(found.id);
    } catch (error) {
      setLookup({ state: 'failed', code: isApiError(error) ? error.code : 'UNKNOWN_ERROR' });
    }
  };

  const lookupProblem: ErrorDetail | undefined =
    lookup.state === 'notFound'
      ? { path: 'orderNumber', message: 'orders.station.notFoundAny', params: { orderNumber: lookup.orderNumber } }
      : lookup.state === 'failed'
        ? { path: 'orderNumber', message: lookup.code }
        : undefined;

  return (
    <div className="station-worklist" data-current={live.isCurrent}>
      <LiveState live={live} subject={t('orders.station.subject', { station: stationName })} />
      {scanning ? (
        <Form className="station-scan" onSubmit={(event) => void open(event)} aria-label={t('orders.station.scanLabel')}>
          <TextField
            label={t('orders.station.scan')}
            description={t('orders.station.scanHint')}
            value={typed}
            onChange={setTyped}
            autoComplete="off"
            errorDetail={lookupProblem}
          />
          <Button type="submit" variant="secondary" isDisabled={lookup.state === 'searching'}>
            {t('orders.station.open')}
          </Button>
        </Form>
      ) : null}
      <MediaOnArrival worklist={worklist.data} stationId={stationId} />
      {scannedMaterial ? (
        <ScannedMaterialDialog material={scannedMaterial} worklist={shown} onOpenOrder={select} onClose={() => setScannedMaterial(null)} />
      ) : null}
      {outcome ? (
        <div className="form-conflict" role="alert">
          {outcome.kind === 'conflict' ? t('orders.station.conflict', { orderNumber: outcome.orderNumber }) : outcome.message}
        </div>
      ) : null}
      <div className="station-columns">
        <div className="station-column">
          {shown ? (
            <WorklistEntries worklist={shown} planned={planned} selectedId={selectedId} onSelect={select} waiting={queue.items} />
          ) : worklist.isError ? (
            <p role="alert">{describeError(t, worklist.error)}</p>
          ) : (
            <Spinner />
          )}
        </div>
        <div className="station-column station-column-wide">
          {selectedId ? (
            <CurrentOrder
              key={selectedId}
              orderId={selectedId}
              stationId={stationId}
              owner={owner}
              onOutcome={setOutcome}
              onLeft={() => select(null)}
              consumption={consumption}
            />
          ) : (
            <p className="order-muted">{t('orders.station.chooseOrder')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
