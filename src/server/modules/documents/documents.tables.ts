import type { ColumnType, Selectable } from 'kysely';
import type { DocumentFailure } from '../../../domain/documents/documents.events.js';
import type { DocumentLocale, DocumentStatus, DocumentSubjectType, DocumentType, LabelSize } from '../../../domain/documents/documents.schema.js';

/** One row per document stream: the documents lists of a shipment, a material and an order read it. Written inline. */
export interface DocumentsTable {
  id: string;
  company_id: string;
  number: number;
  document_number: string;
  type: DocumentType;
  subject_type: DocumentSubjectType;
  subject_id: string;
  order_id: string | null;
  label_size: LabelSize | null;
  /** A timesheet's week, its Monday (`YYYY-MM-DD`; text); null on other documents. */
  week: string | null;
  /** A delivery bill with the lots' certificates appended (migration 2026-12-03-0210). */
  with_certificates: ColumnType<boolean, boolean | undefined, boolean>;
  locale: DocumentLocale;
  status: DocumentStatus;
  failure: DocumentFailure | null;
  requested_by: string | null;
  station_id: string | null;
  /** Relative to the company's folder under DATA_DIR; null until generated. */
  path: string | null;
  size: number | null;
  version: number;
  requested_at: Date;
  finished_at: Date | null;
}

/** The last document number a company handed out. */
export interface DocumentCountersTable {
  company_id: string;
  last_number: number;
}

export type DocumentRow = Selectable<DocumentsTable>;

declare module '../../platform/db.js' {
  interface Tables {
    documents: DocumentsTable;
    document_counters: DocumentCountersTable;
  }
}
