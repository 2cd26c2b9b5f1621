import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarDayIn, startOfDayIn } from '../../../../domain/company/working-time.rules';
import { PLAN_WINDOW_DAYS } from '../../../../domain/plan/plan.schema';
import type { CapacityPlanView } from '../../../../domain/plan/plan.views';
import { Button } from '../../../ui/button';
import type { WindowOperation } from './plan-texts';

type OrderPlan = CapacityPlanView['orders'][number];

/** Pixels per day on the time axis (6 per hour). */
export const DAY_PX = 144;
/** Height of one place (lane) of a station's row. */
const LANE_PX = 34;
/** The most days the axis shows (the plan's default window); later operations are cut at its end. */
const MAX_DAYS = PLAN_WINDOW_DAYS;
/** A pointer moved less than this is a press, not a drag. */
const DRAG_PX = 8;
const dayMs = 86_400_000;

export interface BarRef {
  orderId: string;
  stationId: string;
  step: number;
}

export interface GanttProps {
  plan: CapacityPlanView;
  /** The supervisor may reorder the waiting orders (live plan, orders right). */
  canReorder: boolean;
  selected: BarRef | null;
  onSelect(bar: BarRef): void;
  /** Move the order waiting at the station to this index of the station's queue. */
  onMove(stationId: string, orderId: string, toIndex: number): void;
  /** More station rows to read (the plan is read page by page): loaded when the chart's end scrolls into view or on the button; null when all are shown. */
  more: { loading: boolean; load(): void } | null;
}

const nextDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/**
 * The axis: whole days in the company's zone from the day of `now` to the day of the plan's last
 * end in the window, over every row, not only those read yet (at most MAX_DAYS).
 */
function axisOf(plan: CapacityPlanView) {
  const zone = plan.workingTime.timeZone;
  const first = calendarDayIn(plan.now, zone);
  const last = Math.max(Date.parse(plan.now), plan.totals.lastEndAt ? Date.parse(plan.totals.lastEndAt) : 0);
  const days: { day: string; from: number }[] = [];
  for (let index = 0; index < MAX_DAYS; index++) {
    const day = nextDay(first, index);
    const from = startOfDayIn(day, zone).getTime();
    if (index > 0 && from > last) break;
    days.push({ day, from });
  }
  const start = days[0].from;
  const end = startOfDayIn(nextDay(days[days.length - 1].day, 1), zone).getTime();
  return { zone, days, start, end, x: (at: number) => ((Math.min(Math.max(at, start), end) - start) / dayMs) * DAY_PX };
}

interface Bar {
  order: OrderPlan;
  operation: WindowOperation;
  waiting: boolean;
}

/** The bars of each station, and the queue of orders waiting there (plan order). */
function barsByStation(plan: CapacityPlanView): Map<string, { bars: Bar[]; queue: string[] }> {
  const rows = new Map(plan.stations.map((station) => [station.id, { bars: [] as Bar[], queue: [] as string[] }]));
  for (const order of plan.orders) {
    for (const operation of order.operations) {
      const row = rows.get(operation.stationId);
      if (!row) continue;
      const waiting = operation.step === 0 && !operation.inProgress;
      row.bars.push({ order, operation, waiting });
      if (waiting) row.queue.push(order.orderId);
    }
  }
  return rows;
}

const sameBar = (a: BarRef | null, b: BarRef) => a !== null && a.orderId === b.orderId && a.stationId === b.stationId && a.step === b.step;

/**
 * The plan as a Gantt chart: a row per station (a lane per place), a column per day in the
 * company's zone, a line at now, every planned operation a focusable bar (late orders red and
 * marked in words). An order waiting at a station can be dragged (mouse, pen, touch) or moved with
 * Alt+Arrow up/left (earlier) and down/right (later) to another place in that station's queue.
 */
export function Gantt({ plan, canReorder, selected, onSelect, onMove, more }: GanttProps) {
  const { t, i18n } = useTranslation();
  const axis = axisOf(plan);
  const rows = barsByStation(plan);
  const width = axis.days.length * DAY_PX;
  const time = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: axis.zone,
  });
  const dayLabel = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const [drag, setDrag] = useState<{ key: string; dx: number } | null>(null);
  const start = useRef<{ x: number; key: string } | null>(null);
  const nowX = axis.x(Date.parse(plan.now));
  // The next page of rows is read when the chart's end comes into view (and by the button, for keyboards and without scrolling).
  const end = useRef<HTMLDivElement>(null);
  const moreRef = useRef(more);
  useEffect(() => {
    moreRef.current = more;
  });
  const hasMore = more !== null;
  useEffect(() => {
    const element = end.current;
    if (!hasMore || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const current = moreRef.current;
      if (entries.some((entry) => entry.isIntersecting) && current && !current.loading) current.load();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, plan.stations.length]);

  const keyOf = (bar: Bar) => `${bar.order.orderId}:${bar.operation.stationId}:${bar.operation.step}`;
  const refOf = (bar: Bar): BarRef => ({ orderId: bar.order.orderId, stationId: bar.operation.stationId, step: bar.operation.step });

  const onKeyDown = (bar: Bar, queue: readonly string[]) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!canReorder || !bar.waiting || !event.altKey) return;
    const index = queue.indexOf(bar.order.orderId);
    if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') onMove(bar.operation.stationId, bar.order.orderId, index - 1);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') onMove(bar.operation.stationId, bar.order.orderId, index + 1);
    else return;
    event.preventDefault();
  };

  const pointer = (bar: Bar, bars: readonly Bar[]) => ({
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (!canReorder || !bar.waiting || event.button !== 0) return;
      start.current = { x: event.clientX, key: keyOf(bar) };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLButtonElement>) => {
      if (start.current?.key !== keyOf(bar)) return;
      const dx = event.clientX - start.current.x;
      if (Math.abs(dx) >= DRAG_PX || drag) setDrag({ key: keyOf(bar), dx });
    },
    onPointerUp: (event: PointerEvent<HTMLButtonElement>) => {
      if (start.current?.key !== keyOf(bar)) return;
      const dx = event.clientX - start.current.x;
      start.current = null;
      setDrag(null);
      if (Math.abs(dx) < DRAG_PX) return;
      // The new place: after every other waiting order whose middle is left of the dragged bar's middle.
      const middleOf = (other: Bar) => (axis.x(Date.parse(other.operation.startAt)) + axis.x(Date.parse(other.operation.endAt))) / 2;
      const target = middleOf(bar) + dx;
      const others = bars.filter((other) => other.waiting && other.order.orderId !== bar.order.orderId);
      onMove(bar.operation.stationId, bar.order.orderId, others.filter((other) => middleOf(other) < target).length);
    },
    onPointerCancel: () => {
      start.current = null;
      setDrag(null);
    },
  });

  return (
    <div className="plan-chart" role="region" aria-label={t('plan.chart.label')} tabIndex={-1}>
      <div className="plan-grid" style={{ width: width + 160 }}>
        <div className="plan-axis" aria-hidden="true">
          <span className="plan-row-name">{t('plan.chart.station')}</span>
          <div className="plan-days" style={{ width }}>
            {axis.days.map((day) => (
              <span key={day.day} className="plan-day" style={{ left: axis.x(day.from), width: DAY_PX }}>
                {dayLabel.format(new Date(`${day.day}T00:00:00Z`))}
              </span>
            ))}
          </div>
        </div>
        <ul className="plan-rows">
          {plan.stations.map((station) => {
            const row = rows.get(station.id) ?? { bars: [], queue: [] };
            return (
              <li key={station.id} className="plan-row">
                <span className="plan-row-name" id={`plan-row-${station.id}`}>
                  {station.name}
                </span>
                <ul className="plan-lanes" aria-labelledby={`plan-row-${station.id}`} style={{ width, height: Math.max(1, station.capacity) * LANE_PX }}>
                  {axis.days.map((day) => (
                    <li key={day.day} className="plan-day-line" aria-hidden="true" style={{ left: axis.x(day.from) }} />
                  ))}
                  {row.bars.map((bar) => {
                    const left = axis.x(Date.parse(bar.operation.startAt));
                    const barWidth = Math.max(6, axis.x(Date.parse(bar.operation.endAt)) - left);
                    const key = keyOf(bar);
                    const from = time.format(new Date(bar.operation.startAt));
                    const to = time.format(new Date(bar.operation.endAt));
                    const marks = [bar.order.late ? t('plan.chart.late') : '', bar.operation.inProgress ? t('plan.chart.inProgress') : ''].filter(Boolean);
                    const label = [t('plan.chart.bar', { order: bar.order.number, station: station.name, from, to }), ...marks].join(', ');
                    const moving = drag?.key === key;
                    return (
                      <li key={key} className="plan-bar-slot" style={{ left, width: barWidth, top: bar.operation.place * LANE_PX }}>
                        <button
                          type="button"
                          className="plan-bar"
                          data-late={bar.order.late || undefined}
                          data-in-progress={bar.operation.inProgress || undefined}
                          data-waiting={(canReorder && bar.waiting) || undefined}
                          data-selected={sameBar(selected, refOf(bar)) || undefined}
                          data-dragging={moving || undefined}
                          aria-label={label}
                          aria-keyshortcuts={canReorder && bar.waiting ? 'Alt+ArrowUp Alt+ArrowDown' : undefined}
                          style={moving ? { transform: `translateX(${drag.dx}px)` } : undefined}
                          onFocus={() => onSelect(refOf(bar))}
                          onMouseEnter={() => onSelect(refOf(bar))}
                          onClick={() => onSelect(refOf(bar))}
                          onKeyDown={onKeyDown(bar, row.queue)}
                          {...pointer(bar, row.bars)}
                        >
                          <span className="plan-bar-text">
                            {bar.order.number}
                            {bar.order.late ? <strong className="plan-bar-late"> · {t('plan.chart.late')}</strong> : null}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
        <div className="plan-now" style={{ left: 160 + nowX }}>
          <span className="plan-now-label">{t('plan.chart.now')}</span>
        </div>
      </div>
      <div className="plan-more" ref={end}>
        <p role="status">{t('plan.chart.rows', { shown: plan.stations.length, total: plan.rows.total })}</p>
        {more ? (
          <Button variant="secondary" isDisabled={more.loading} onPress={more.load}>
            {more.loading ? t('plan.chart.loadingRows') : t('plan.chart.moreRows')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
