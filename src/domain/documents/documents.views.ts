import { z } from 'zod';
import { documentLocales, documentStatuses, documentSubjectTypes, documentTypes, labelSizes } from './documents.schema.js';

/** A document as the API answers it: what, for which subject, who asked and when, and how it went. */
export const documentViewSchema = z.object({
  id: z.uuid(),
  documentNumber: z.string(),
  type: z.enum(documentTypes),
  subjectType: z.enum(documentSubjectTypes),
  subjectId: z.uuid(),
  labelSize: z.enum(labelSizes).nullable(),
  /** A timesheet's week (its Monday, `YYYY-MM-DD`); null on other documents. */
  week: z.string().nullable(),
  locale: z.enum(documentLocales),
  status: z.enum(documentStatuses),
  /** `no-pdf` (nothing to print) or `error` (printing failed after the last retry); null unless failed. */
  failure: z.enum(['no-pdf', 'error']).nullable(),
  /** The user who asked (from a screen) or whose completed work triggered it; null when unknown. */
  requestedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  /** The station whose action after completion asked for it; null when a user did from a screen. */
  stationName: z.string().nullable(),
  requestedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Bytes of the PDF once generated. */
  size: z.number().int().nullable(),
  /** Where the PDF is downloaded once generated. */
  downloadUrl: z.string().nullable(),
  /** The stream's version; the live feed's events for `document-<id>` carry it. */
  version: z.number().int(),
});
export type DocumentView = z.infer<typeof documentViewSchema>;

export const documentListSchema = z.object({ items: z.array(documentViewSchema) });
export type DocumentList = z.infer<typeof documentListSchema>;
