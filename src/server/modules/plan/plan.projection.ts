import { planQueueEvents, type PlanQueueEvent } from '../../../domain/plan/plan-queue.events.js';
import { eventProjection } from '../../platform/event-store.js';
import './plan.tables.js';

/** The latest queue order of each station, written in the append's transaction. */
export const planQueueProjection = eventProjection<PlanQueueEvent>({
  name: 'plan-station-queues',
  events: [planQueueEvents],
  tables: ['plan_station_queues'],
  async project(tx, event, stored) {
    const row = { order_ids: event.data.orderIds, set_by: event.data.setBy, set_at: new Date(event.data.at), version: stored.streamVersion };
    await tx
      .insertInto('plan_station_queues')
      .values({ station_id: event.data.stationId, company_id: stored.companyId as string, ...row })
      .onConflict((conflict) => conflict.column('station_id').doUpdateSet(row))
      .execute();
  },
});
