import { suggestionEvents, type SuggestionEvent } from '../../../domain/suggestions/suggestion.events.js';
import { eventProjection } from '../../platform/event-store.js';
import './suggestions.tables.js';

/** The list row of each suggestion, written in the transaction that appends its events. */
export const suggestionsProjection = eventProjection<SuggestionEvent>({
  name: 'suggestions-list',
  events: [suggestionEvents],
  tables: ['suggestions'],
  async project(tx, event, { companyId, streamVersion }) {
    if (!companyId) return;
    switch (event.type) {
      case 'SuggestionSubmitted': {
        const { suggestionId, text, submittedBy, stationId, at } = event.data;
        await tx
          .insertInto('suggestions')
          .values({
            id: suggestionId,
            company_id: companyId,
            text,
            submitted_by: submittedBy,
            station_id: stationId,
            status: 'SUBMITTED',
            version: streamVersion,
            submitted_at: new Date(at),
            status_changed_at: null,
          })
          .execute();
        return;
      }
      case 'SuggestionStatusChanged':
        await tx
          .updateTable('suggestions')
          .set({ status: event.data.status, version: streamVersion, status_changed_at: new Date(event.data.at) })
          .where('id', '=', event.data.suggestionId)
          .execute();
        return;
      default: {
        const _exhaustive: never = event;
        void _exhaustive;
      }
    }
  },
});
