import { memo, useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useQuery } from '@tanstack/react-query';
import type { BoardCard, BoardColumn } from '../../../domain/orders/board.views';
import { INTERRUPTION_STREAM_TYPE } from '../../../domain/interruptions/interruption.events';
import { ORDER_STREAM_TYPE } from '../../../domain/orders/order.events';
import type { InterruptionView } from '../../../domain/interruptions/interruptions.views';
import type { PromisesAtRiskView } from '../../../domain/plan/plan.views';
import { canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import { useLocaleFormats } from '../../lib/locale';
import { allStationsQueryOptions } from '../../lib/reference-data';
import { useChangeRights } from '../../lib/use-change-rights';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Link } from '../../ui/link';
import { LiveNote } from '../../ui/live-note';
import { useNotify } from '../../ui/notification-bar';
import { useOrderAction } from '../../lib/resources/order-actions';
import {
  openInterruptionsKey,
  promisesAtRiskKey,
  stationBoardKey,
  stationBoardTopics,
  stationOeeKey,
  useOpenInterruptions,
  usePromisesAtRisk,
  useStationBoard,
  useStationOee,
} from './api/board';
import { StationOee } from './station-oee';
import './board.css';

/** The interruptions' live topic (docs/interruptions.md): a stopped station's column turns red. */
const interruptionTopics = [`type:${INTERRUPTION_STREAM_TYPE}`] as const;
/** Today's OEE moves with the pieces reported (order events) and with interruptions (docs/oee.md). */
const oeeTopics = [`type:${ORDER_STREAM_TYPE}`, `type:${INTERRUPTION_STREAM_TYPE}`] as const;
/** The plan moves with orders, stations (capacity, sequence) and interruptions (expected ends): so do the promises it breaks. */
const planTopics = [...stationBoardTopics, `type:${INTERRUPTION_STREAM_TYPE}`] as const;

type PromiseAtRisk = PromisesAtRiskView['atRisk'][number];
const noTopics = [] as const;
const dragType = 'application/x-shopfloor-order';

interface MoveTarget {
  id: string;
  name: string;
}

export interface StationBoardProps {
  /** `display`: the full-screen shop-floor display (larger type); `console`: the home screen. */
  variant?: 'console' | 'display';
}

/**
 * The station board (docs/board.md): a column per station in sequence order, then WIP; a card per
 * production order with its prediction. A supervisor (owner, or an administrator with the orders
 * change right) moves a card by dragging it to another column or, from the keyboard, with its
 * "Move to" menu: the same command as the order's Move to. Operators see it read-only. It stays
 * current through the live feed and says so when it is not.
 */
export function StationBoard({ variant = 'console' }: StationBoardProps) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const hasCompany = Boolean(session?.company);
  const board = useStationBoard(hasCompany);
  const interruptions = useOpenInterruptions(hasCompany);
  const live = useLiveQuery(hasCompany ? stationBoardTopics : noTopics, stationBoardKey, board);
  useLiveQuery(hasCompany ? interruptionTopics : noTopics, openInterruptionsKey, interruptions);
  // Today's OEE per column, live: the board's own refresh reads only the board, so the OEE listens itself.
  const oee = useStationOee(hasCompany);
  useLiveQuery(hasCompany ? oeeTopics : noTopics, stationOeeKey, oee);
  const oeeByStation = new Map((oee.data?.stations ?? []).map((station) => [station.stationId, station.figures]));
  // Promises the plan breaks, live: a card says so in words ("Promise at risk"), not only by colour.
  const promises = usePromisesAtRisk(hasCompany);
  useLiveQuery(hasCompany ? planTopics : noTopics, promisesAtRiskKey, promises);
  const atRisk = new Map((promises.data?.atRisk ?? []).map((risk) => [risk.orderId, risk]));
  const changeRights = useChangeRights();
  const mayMove = session?.role !== 'OPERATOR' && canChange(session, 'orders', changeRights);
  const stations = useQuery({ ...allStationsQueryOptions('sequence'), enabled: hasCompany && mayMove });
  // Stable between reads, so a card whose data did not change (react-query keeps its object) is not drawn again.
  const targets = useMemo<MoveTarget[] | null>(
    () => (mayMove ? (stations.data ?? []).map((station) => ({ id: station.id, name: station.name })) : null),
    [mayMove, stations.data],
  );
  // Move to, from the board: the order's own Move to, through the one client of the order actions (with its Idempotency-Key).
  const move = useOrderAction();
  const notify = useNotify();
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  const stopped = new Map<string, InterruptionView>((interruptions.data ?? []).map((interruption) => [interruption.stationId, interruption]));
  const columns = board.data?.columns ?? [];
  const cards = new Map(columns.flatMap((column) => column.cards.map((card) => [card.id, { card, column }] as const)));

  const moveCardNow = (card: BoardCard, to: MoveTarget) => {
    move.mutate(
      { id: card.id, action: 'move-to-station', version: card.version, target: { toStationId: to.id } },
      {
        onSuccess: () => notify({ severity: 'success', message: t('board.moved', { orderNumber: card.orderNumber, station: to.name }) }),
        onError: (error) => notify({ severity: 'error', message: t('board.moveFailed', { orderNumber: card.orderNumber, reason: describeError(t, error) }) }),
      },
    );
  };

  const latestMove = useRef(moveCardNow);
  useEffect(() => {
    latestMove.current = moveCardNow;
  });
  const moveCard = useCallback((card: BoardCard, to: MoveTarget) => latestMove.current(card, to), []);

  const onDrop = (column: BoardColumn) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropTarget(null);
    const found = cards.get(event.dataTransfer.getData(dragType));
    if (!found || !column.stationId || found.column.stationId === column.stationId) return;
    moveCard(found.card, { id: column.stationId, name: column.name });
  };
  const dropProps = (column: BoardColumn) =>
    mayMove && column.kind === 'station' && column.stationId
      ? {
          onDragOver: (event: DragEvent<HTMLElement>) => {
            if (!event.dataTransfer.types.includes(dragType)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setDropTarget(column.stationId);
          },
          onDragLeave: () => setDropTarget((current) => (current === column.stationId ? null : current)),
          onDrop: onDrop(column),
        }
      : {};

  if (!hasCompany) return null;
  return (
    <section className="station-board" data-variant={variant} aria-labelledby="station-board-heading" data-current={live.isCurrent} aria-busy={!live.isCurrent}>
      <div className="station-board-header">
        <h2 id="station-board-heading">{t('board.title')}</h2>
        <LiveNote
          live={live}
          text={(kind) => (kind === 'live' ? t('board.live.current') : kind === 'offline' ? t('board.live.offline') : t('board.live.catchingUp'))}
        />
      </div>
      <p className="station-board-hint">{mayMove ? t('board.hintSupervisor') : t('board.hintReadOnly')}</p>
      {board.isError && !board.data ? <p role="alert">{t('board.loadFailed', { reason: describeError(t, board.error) })}</p> : null}
      {board.data && columns.length === 1 && columns[0].count === 0 ? <p className="station-board-hint">{t('board.empty')}</p> : null}
      <div className="station-board-columns">
        {columns.map((column) => {
          const key = column.stationId ?? 'wip';
          const interruption = column.stationId ? stopped.get(column.stationId) : undefined;
          const headingId = `board-column-${key}`;
          return (
            <section
              key={key}
              className="board-column"
              aria-labelledby={headingId}
              data-kind={column.kind}
              data-over-limit={column.overLimit || undefined}
              data-bottleneck={column.bottleneck || undefined}
              data-interrupted={interruption ? true : undefined}
              data-drop-target={dropTarget === column.stationId || undefined}
              data-station-id={column.stationId ?? undefined}
              {...dropProps(column)}
            >
              <header className="board-column-header">
                <h3 id={headingId}>
                  {column.kind === 'wip' ? t('board.wip') : column.name}
                  <span className="board-column-count">
                    {column.wipLimit === null
                      ? t('board.count', { count: column.count })
                      : t('board.countOfLimit', { count: column.count, limit: column.wipLimit })}
                  </span>
                </h3>
                <div className="board-column-flags">
                  {column.overLimit ? <Badge tone="warning">{t('board.overLimit')}</Badge> : null}
                  {column.bottleneck ? <Badge tone="error">{t('board.bottleneck', { waiting: waitingText(t, column.waitingSeconds) })}</Badge> : null}
                  {!column.inSequence ? <Badge>{t('board.outsideSequence')}</Badge> : null}
                  {column.stationId && oeeByStation.has(column.stationId) ? <StationOee figures={oeeByStation.get(column.stationId)} /> : null}
                  {interruption ? (
                    <p className="board-column-interruption" role="status">
                      {t('board.interrupted', { reason: interruption.reason.name })}
                      {interruption.note ? ` · ${interruption.note}` : ''}
                    </p>
                  ) : null}
                </div>
              </header>
              {column.cards.length === 0 ? (
                <p className="board-column-empty">{t('board.noOrders')}</p>
              ) : (
                <ul className="board-cards" aria-labelledby={headingId}>
                  {column.cards.map((card) => (
                    <li key={card.id}>
                      <OrderCard
                        card={card}
                        kind={column.kind}
                        stationId={column.stationId}
                        interrupted={Boolean(interruption)}
                        promiseAtRisk={atRisk.get(card.id)}
                        targets={column.kind === 'station' ? targets : null}
                        onMove={moveCard}
                        isMoving={move.isPending}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}

function waitingText(t: (key: string, options?: Record<string, unknown>) => string, seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('board.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('board.hours', { count: hours });
  return t('board.days', { count: Math.floor(hours / 24) });
}

interface OrderCardProps {
  card: BoardCard;
  kind: BoardColumn['kind'];
  /** The station the card is at (null in WIP). */
  stationId: string | null;
  interrupted: boolean;
  /** The plan finishes the order after the date promised to its customer; undefined: kept (or none promised). */
  promiseAtRisk?: PromiseAtRisk;
  /** Every station a supervisor may move orders to; null: read-only. */
  targets: MoveTarget[] | null;
  onMove: (card: BoardCard, target: MoveTarget) => void;
  isMoving: boolean;
}

/** One order; drawn again only when its data, its station's state or the move targets change. */
const OrderCard = memo(function OrderCard({ card, kind, stationId, interrupted, promiseAtRisk, targets: allTargets, onMove, isMoving }: OrderCardProps) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const draggable = allTargets !== null;
  const targets = allTargets?.filter((target) => target.id !== stationId) ?? null;
  return (
    <article
      className="board-card"
      aria-label={t('board.cardLabel', { orderNumber: card.orderNumber })}
      data-order-id={card.id}
      data-late={card.willBeLate || card.delayed || undefined}
      data-prioritized={card.prioritize || undefined}
      data-promise-at-risk={promiseAtRisk ? true : undefined}
      draggable={draggable || undefined}
      onDragStart={
        draggable
          ? (event) => {
              event.dataTransfer.setData(dragType, card.id);
              event.dataTransfer.effectAllowed = 'move';
            }
          : undefined
      }
    >
      <div className="board-card-top">
        <Link href={`/order/details/${card.id}`} aria-label={t('board.openOrder', { orderNumber: card.orderNumber })}>
          {card.orderNumber}
        </Link>
        {card.prioritize ? <Badge tone="warning">{t('board.prioritized')}</Badge> : null}
        {card.inWork ? <Badge tone="info">{t('board.inWork')}</Badge> : null}
      </div>
      <dl className="board-card-facts">
        <dt>{t('board.fields.material')}</dt>
        <dd>
          {card.material ?? '–'}
          {card.materialNumber ? ` (${card.materialNumber})` : ''} ·{' '}
          {card.quantity === card.ordered ? t('board.pieces', { count: card.quantity }) : t('board.piecesOf', { count: card.quantity, ordered: card.ordered })}
        </dd>
        <dt>{t('board.fields.customer')}</dt>
        <dd>{card.customer}</dd>
        <dt>{t('board.fields.deliveryDate')}</dt>
        <dd>{card.deliveryDate ? formats.day(card.deliveryDate) : t('board.noDeliveryDate')}</dd>
        {card.promisedDate ? (
          <>
            <dt>{t('board.fields.promisedDate')}</dt>
            <dd>{formats.day(card.promisedDate)}</dd>
          </>
        ) : null}
        {kind === 'station' ? (
          <>
            <dt>{t('board.fields.predicted')}</dt>
            <dd>{card.predictedAt ? formats.dateTime(card.predictedAt) : t('board.noPrediction')}</dd>
          </>
        ) : null}
      </dl>
      <div className="board-card-flags">
        {card.delayed ? <Badge tone="error">{t('board.delayed')}</Badge> : card.willBeLate ? <Badge tone="error">{t('board.willBeLate')}</Badge> : null}
        {card.quality === 'failed' ? <Badge tone="error">{t('board.qualityFailed')}</Badge> : null}
        {card.quality === 'passed' ? <Badge tone="positive">{t('board.qualityPassed')}</Badge> : null}
        {card.hold ? (
          <Badge tone={card.hold.status === 'held' ? 'error' : 'warning'}>{t(`board.hold.${card.hold.status}`, { number: card.hold.number })}</Badge>
        ) : null}
        {interrupted ? <Badge tone="error">{t('board.stationStopped')}</Badge> : null}
        {promiseAtRisk ? <Badge tone="error">{t('board.promiseAtRisk')}</Badge> : null}
      </div>
      {promiseAtRisk ? (
        <p className="board-card-promise">
          {promiseAtRisk.finishAt
            ? t('board.promiseAtRiskLate', { promised: formats.day(promiseAtRisk.promisedDate), finish: formats.dateTime(promiseAtRisk.finishAt) })
            : t('board.promiseAtRiskNotPlanned', { promised: formats.day(promiseAtRisk.promisedDate) })}
        </p>
      ) : null}
      {targets && targets.length > 0 ? (
        <MenuTrigger>
          <Button variant="secondary" className="board-card-move" isDisabled={isMoving} aria-label={t('board.moveNamed', { orderNumber: card.orderNumber })}>
            {t('board.moveTo')}
          </Button>
          <Popover className="field-popover board-move-popover">
            <Menu
              className="board-move-menu"
              aria-label={t('board.moveNamed', { orderNumber: card.orderNumber })}
              onAction={(key) => {
                const target = targets.find((candidate) => candidate.id === key);
                if (target) onMove(card, target);
              }}
            >
              {targets.map((target) => (
                <MenuItem key={target.id} id={target.id} className="field-option board-move-item">
                  {target.name}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      ) : null}
    </article>
  );
});
