import { completionTakesAll, reportedCounts } from '../../../domain/orders/order.rules';
import type { QueuedCommand } from '../../lib/offline-queue';

/** The commands of one order that wait to be sent, in the order tapped. */
export const waitingFor = (items: readonly QueuedCommand[], orderId: string) => items.filter((item) => item.recordId === orderId && item.state === 'waiting');

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * Whether the taps waiting to be sent take the order away from this station: a move does, and a
 * completion does when it reports every piece still there. A partial report (fewer pieces than at the
 * station) sends the reported ones on and leaves the rest here, in work, so the order stays on the
 * worklist. `open`: the pieces at the station as last seen; null when the order counts none (it leaves
 * with any completion).
 */
export function waitingTakesAway(waiting: readonly Pick<QueuedCommand, 'kind' | 'body'>[], open: number | null): boolean {
  let left = open;
  for (const item of waiting) {
    if (item.kind === 'move-to-station') return true;
    if (item.kind !== 'complete-work') continue;
    if (left === null) return true;
    const report = { good: count(item.body.good), scrap: count(item.body.scrap), rework: count(item.body.rework) };
    if (completionTakesAll(left, report)) return true;
    const { good, scrap, rework } = reportedCounts(left, report);
    left -= good + scrap + rework;
  }
  return false;
}
