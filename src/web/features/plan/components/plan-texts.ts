import type { TFunction } from 'i18next';
import type { CapacityPlanView, OrderPlanView } from '../../../../domain/plan/plan.views';

/** An operation of the plan's window (its explanation only when asked for). */
export type WindowOperation = CapacityPlanView['orders'][number]['operations'][number];
/** An operation with its explanation (an order's whole plan). */
export type PlannedOperation = OrderPlanView['order']['operations'][number];

const minuteMs = 60_000;

/** A working duration as "2 h 10 min", "40 min" (rounded to the minute). */
export function durationText(t: TFunction, ms: number): string {
  const minutes = Math.round(ms / minuteMs);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('plan.duration.minutes', { minutes: rest });
  return rest === 0 ? t('plan.duration.hours', { hours }) : t('plan.duration.hoursMinutes', { hours, minutes: rest });
}

/** "FB000512 and FB000517" in the language's way of listing. */
function listText(language: string, items: readonly string[]): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
}

/**
 * Why an operation is planned when it is, in words (docs/capacity-plan.md, "Explanations"): "waits
 * 2 h 10 min at FRÄSEN behind FB000512 and FB000517; FRÄSEN stopped 40 min: tool breakage; time
 * planned: 30 min setup + 6 min per piece × 10".
 */
export function explainOperation(t: TFunction, language: string, operation: PlannedOperation, stationName: string): string {
  const { explanation } = operation;
  const parts: string[] = [];
  if (operation.inProgress) parts.push(t('plan.explain.inProgress', { done: durationText(t, explanation.doneMs) }));
  if (explanation.waitedMs > 0) {
    const behind = explanation.behind.map((order) => order.number);
    if (explanation.behindMore > 0) behind.push(t('plan.explain.more', { count: explanation.behindMore }));
    parts.push(
      behind.length
        ? t('plan.explain.waitsBehind', { duration: durationText(t, explanation.waitedMs), station: stationName, orders: listText(language, behind) })
        : t('plan.explain.waits', { duration: durationText(t, explanation.waitedMs), station: stationName }),
    );
  }
  for (const stop of explanation.stops) {
    parts.push(
      stop.kind === 'interruption'
        ? t('plan.explain.interrupted', { station: stationName, duration: durationText(t, stop.workingMs), reason: stop.reasonName })
        : t('plan.explain.noOperator', { station: stationName, duration: durationText(t, stop.workingMs) }),
    );
  }
  const basis = explanation.duration;
  if (basis.kind === 'planned') {
    parts.push(t('plan.explain.planned', { setup: basis.setupMinutes ?? 0, piece: basis.pieceMinutes ?? 0, pieces: basis.pieces }));
  } else if (basis.kind === 'estimate') {
    parts.push(
      t(basis.from === 'station' ? 'plan.explain.estimateStation' : 'plan.explain.estimateAll', { duration: durationText(t, basis.medianSeconds * 1000) }),
    );
  } else {
    parts.push(t('plan.explain.unknown'));
  }
  return parts.join('; ');
}

/** The orders waiting at a station (not in work there), in plan order: the queue a supervisor reorders. */
export function waitingQueue(plan: CapacityPlanView, stationId: string): string[] {
  return plan.queues.find((queue) => queue.stationId === stationId)?.orderIds ?? [];
}

/** The queue with `orderId` moved to `index` (clamped); null when nothing moves. */
export function movedTo(queue: readonly string[], orderId: string, index: number): string[] | null {
  const from = queue.indexOf(orderId);
  if (from < 0) return null;
  const to = Math.max(0, Math.min(queue.length - 1, index));
  if (to === from) return null;
  const next = queue.filter((id) => id !== orderId);
  next.splice(to, 0, orderId);
  return next;
}
