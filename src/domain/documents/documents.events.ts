import { eventCatalogue } from '../shared/decider.js';
import type { DocumentLocale, DocumentSubjectType, DocumentType, LabelSize } from './documents.schema.js';

/** Stream type of a document's stream `document-<id>`. */
export const DOCUMENT_STREAM_TYPE = 'document';
export const documentStreamId = (documentId: string) => `document-${documentId}`;

/** Who asked for the document: a user from a screen, or a station's action after completion. */
export type DocumentTrigger = { kind: 'user'; userId: string } | { kind: 'station'; stationId: string; orderId: string; userId: string | null };

/** Why no PDF came out: the subject was gone or did not fit (`no-pdf`), or printing failed after the last retry (`error`). */
export type DocumentFailure = 'no-pdf' | 'error';

type RequestedData = {
  documentId: string;
  /** Consecutive per company. */
  number: number;
  documentNumber: string;
  documentType: DocumentType;
  subjectType: DocumentSubjectType;
  subjectId: string;
  /** The order a station action printed it for, when that is not the subject itself (a material label). */
  orderId: string | null;
  labelSize: LabelSize | null;
  /** A timesheet's week, its Monday (`YYYY-MM-DD`); absent on other documents (and on those recorded before timesheets). */
  week?: string | null;
  /** A delivery bill with the lots' certificates appended; absent on other documents (and on those recorded before). */
  withCertificates?: boolean;
  locale: DocumentLocale;
  trigger: DocumentTrigger;
  at: string;
};

/**
 * What the document is about, repeated on its outcome so that a reader of one event (the live feed's
 * rule: a person's timesheet is theirs) needs no fold. Absent on outcomes recorded before timesheets.
 */
type DocumentSubject = { subjectType?: DocumentSubjectType; subjectId?: string };

/**
 * Facts of one document, in the past tense. Every payload carries `documentId` and `at`. Shapes
 * are never edited once landed.
 */
export type DocumentEvent =
  | { type: 'DocumentRequested'; data: RequestedData }
  | { type: 'DocumentGenerated'; data: { documentId: string; path: string; size: number; pages: number; at: string } & DocumentSubject }
  | { type: 'DocumentFailed'; data: { documentId: string; failure: DocumentFailure; reason: string; at: string } & DocumentSubject }
  /**
   * A station action asked for a document that does not apply to the completed order (a test
   * protocol of a customer order, a delivery bill of an order in no shipment): recorded, never
   * printed. The subject is the order; `reason` says why.
   */
  | { type: 'DocumentRefused'; data: RequestedData & { reason: string } };

export type DocumentEventType = DocumentEvent['type'];

/** A document's events as every reader reads them. */
export const documentEvents = eventCatalogue<DocumentEvent>({
  streamType: DOCUMENT_STREAM_TYPE,
  types: { DocumentRequested: true, DocumentGenerated: true, DocumentFailed: true, DocumentRefused: true },
});
