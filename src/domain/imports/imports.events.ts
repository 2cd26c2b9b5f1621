import { eventCatalogue } from '../shared/decider.js';
import type { ImportKind } from './imports.schema.js';

/** Stream of one CSV import in the event log: `import-<id>`. */
export const IMPORT_STREAM_TYPE = 'import';
export const importStreamId = (importId: string) => `import-${importId}`;

/**
 * Facts of a CSV import. The request is what the dispatcher turns into the import job; the records
 * it writes are the materials' own events (`MaterialCreated`, `MaterialUpdated`), appended in the
 * same transaction as `ImportCompleted`, so a file is in the log whole or not at all.
 */
export type ImportEvent =
  | { type: 'ImportRequested'; data: { importId: string; kind: ImportKind; fileName: string; rows: number; requestedBy: string; at: string } }
  | { type: 'ImportCompleted'; data: { importId: string; kind: ImportKind; rows: number; at: string } }
  | { type: 'ImportFailed'; data: { importId: string; kind: ImportKind; errors: number; at: string } };

export const importEvents = eventCatalogue<ImportEvent>({
  streamType: IMPORT_STREAM_TYPE,
  types: { ImportRequested: true, ImportCompleted: true, ImportFailed: true },
});
