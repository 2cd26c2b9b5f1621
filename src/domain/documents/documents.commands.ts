import type { DocumentEvent, DocumentFailure } from './documents.events.js';

export type DocumentCommand =
  | { type: 'RequestDocument'; data: Extract<DocumentEvent, { type: 'DocumentRequested' }>['data'] }
  | { type: 'RecordGenerated'; data: { documentId: string; path: string; size: number; pages: number; at: string } }
  | { type: 'RefuseDocument'; data: Extract<DocumentEvent, { type: 'DocumentRefused' }>['data'] }
  | { type: 'RecordFailure'; data: { documentId: string; failure: DocumentFailure; reason: string; at: string } };
