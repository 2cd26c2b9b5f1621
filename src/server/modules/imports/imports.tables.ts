import type { ColumnType } from 'kysely';
import type { ImportKind, ImportMapping } from '../../../domain/imports/imports.schema.js';
import type { ImportRowResult } from '../../../domain/imports/imports.views.js';
import type { EventMetadata } from '../../platform/event-store.js';

type Json<T> = ColumnType<T, string, string>;

/** One uploaded file: its text, the mapping it is read with, who asked (their event metadata), progress and, once done, every row's result. */
export interface ImportsTable {
  id: string;
  company_id: string;
  kind: ImportKind;
  file_name: string;
  content: string;
  mapping: Json<Record<string, string | null>>;
  metadata: Json<EventMetadata>;
  status: 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED';
  /** 0-100. */
  progress: ColumnType<number, number | undefined, number>;
  row_count: number;
  report: ColumnType<ImportRowResult[] | null, string | null | undefined, string | null>;
  requested_by: string;
  requested_at: Date;
  finished_at: Date | null;
}

/** The mapping last used per company and kind (field -> header), offered for the next file. */
export interface ImportMappingsTable {
  company_id: string;
  kind: ImportKind;
  mapping: Json<ImportMapping>;
  updated_at: Date;
}

declare module '../../platform/db.js' {
  interface Tables {
    imports: ImportsTable;
    import_mappings: ImportMappingsTable;
  }
}
