import { documentEvents } from '../../../domain/documents/documents.events.js';
import { eventProjection } from '../../platform/event-store.js';
import './documents.tables.js';

/** The documents list row, in the append's transaction (a client reads its own request at once). */
export const documentsProjection = eventProjection({
  name: 'documents',
  events: [documentEvents],
  tables: ['documents'],
  async project(tx, event, stored) {
    switch (event.type) {
      case 'DocumentRequested':
      case 'DocumentRefused': {
        const { data } = event;
        const refused = event.type === 'DocumentRefused';
        await tx
          .insertInto('documents')
          .values({
            id: data.documentId,
            company_id: stored.companyId as string,
            number: data.number,
            document_number: data.documentNumber,
            type: data.documentType,
            subject_type: data.subjectType,
            subject_id: data.subjectId,
            order_id: data.orderId,
            label_size: data.labelSize,
            week: data.week ?? null,
            with_certificates: data.withCertificates ?? false,
            locale: data.locale,
            status: refused ? 'failed' : 'requested',
            failure: refused ? 'no-pdf' : null,
            requested_by: data.trigger.userId,
            station_id: data.trigger.kind === 'station' ? data.trigger.stationId : null,
            path: null,
            size: null,
            version: stored.streamVersion,
            requested_at: new Date(data.at),
            finished_at: refused ? new Date(data.at) : null,
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();
        break;
      }
      case 'DocumentGenerated':
        await tx
          .updateTable('documents')
          .set({ status: 'generated', path: event.data.path, size: event.data.size, version: stored.streamVersion, finished_at: new Date(event.data.at) })
          .where('id', '=', event.data.documentId)
          .execute();
        break;
      case 'DocumentFailed':
        await tx
          .updateTable('documents')
          .set({ status: 'failed', failure: event.data.failure, version: stored.streamVersion, finished_at: new Date(event.data.at) })
          .where('id', '=', event.data.documentId)
          .execute();
        break;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
});
