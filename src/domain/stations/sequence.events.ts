import { eventCatalogue } from '../shared/decider.js';
/** Stream type of a company's sequence stream `sequence-<companyId>`. */
export const SEQUENCE_STREAM_TYPE = 'station-sequence';
export const sequenceStreamId = (companyId: string) => `sequence-${companyId}`;

/** Facts of a company's station sequence. Only saves reach the server; drafts stay in the editor. */
export type SequenceEvent = {
  type: 'SequenceSaved';
  data: { stationIds: string[]; startStationId: string | null; at: string };
};

/** The station sequence's events as every reader reads them. */
export const sequenceEvents = eventCatalogue<SequenceEvent>({
  streamType: SEQUENCE_STREAM_TYPE,
  types: { SequenceSaved: true },
});
