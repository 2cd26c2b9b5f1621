import { planQueueDecider } from '../../../domain/plan/plan-queue.decider.js';
import { PLAN_QUEUE_STREAM_TYPE, planQueueStreamId } from '../../../domain/plan/plan-queue.events.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { handleCommand, type CommandContext } from '../../platform/command.js';
import { productionOrdersAtStations } from '../orders/index.js';
import { boardStationsOf } from '../stations/index.js';

/**
 * Records the order a supervisor set for the orders waiting at a station (dragged on the Gantt or
 * moved with the keyboard): the plan follows it from the next read on, for everyone. The list must
 * name exactly the orders waiting there now; another company's station (or none) is 404.
 */
export async function orderStationQueue(ctx: CommandContext, stationId: string, orderIds: readonly string[]): Promise<{ orderIds: string[] }> {
  const { stations } = await boardStationsOf(ctx.tx);
  if (!stations.some((station) => station.id === stationId)) throw new DomainError('NOT_FOUND');
  const waiting = (await productionOrdersAtStations(ctx.tx)).filter((order) => order.stationId === stationId && order.workStartedAt === null);
  const { state } = await handleCommand(
    ctx,
    planQueueDecider,
    { id: planQueueStreamId(stationId), type: PLAN_QUEUE_STREAM_TYPE },
    {
      type: 'OrderStationQueue',
      stationId,
      orderIds,
      waitingOrderIds: waiting.map((order) => order.id),
      setBy: ctx.actor?.userId ?? '',
      at: ctx.at,
    },
  );
  return { orderIds: [...state.orderIds] };
}
