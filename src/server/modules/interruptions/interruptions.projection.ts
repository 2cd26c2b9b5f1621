import { interruptionEvents, type InterruptionEvent } from '../../../domain/interruptions/interruption.events.js';
import { eventProjection } from '../../platform/event-store.js';
import './interruptions.tables.js';

/** The row of each interruption, written in the transaction that appends its events. */
export const interruptionsProjection = eventProjection<InterruptionEvent>({
  name: 'interruptions',
  events: [interruptionEvents],
  tables: ['interruptions'],
  async project(tx, event, { companyId, streamVersion }) {
    if (!companyId) return;
    switch (event.type) {
      case 'InterruptionReported': {
        const { interruptionId, stationId, orderId, reasonId, reasonName, note, reportedBy, at } = event.data;
        await tx
          .insertInto('interruptions')
          .values({
            id: interruptionId,
            company_id: companyId,
            station_id: stationId,
            order_id: orderId,
            reason_id: reasonId,
            reason_name: reasonName,
            note,
            reported_by: reportedBy,
            reported_at: new Date(at),
            resolved_by: null,
            resolved_at: null,
            resolution_note: null,
            expected_end_at: null,
            version: streamVersion,
          })
          .execute();
        return;
      }
      case 'InterruptionResolved':
        await tx
          .updateTable('interruptions')
          .set({ resolved_by: event.data.resolvedBy, resolved_at: new Date(event.data.at), resolution_note: event.data.note, version: streamVersion })
          .where('id', '=', event.data.interruptionId)
          .execute();
        return;
      case 'InterruptionExpectedEndSet':
        await tx
          .updateTable('interruptions')
          .set({ expected_end_at: event.data.expectedEndAt === null ? null : new Date(event.data.expectedEndAt), version: streamVersion })
          .where('id', '=', event.data.interruptionId)
          .execute();
        return;
      default: {
        const _exhaustive: never = event;
        void _exhaustive;
      }
    }
  },
});
