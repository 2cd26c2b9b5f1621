import { z } from 'zod';

/**
 * Documents: PDFs the console prints for a subject (a shipment, a material, an order, an NCR). The types,
 * what each is printed for, the label sizes and the request's limits are written once here; the
 * server and the web both use them (docs/documents.md).
 */
export const documentTypes = ['delivery-bill', 'material-label', 'order-traveler', 'test-protocol', 'receipt', 'ncr-report', 'timesheet', 'lot-label'] as const;
export type DocumentType = (typeof documentTypes)[number];

export const documentSubjectTypes = ['shipment', 'material', 'order', 'ncr', 'employee', 'lot'] as const;
export type DocumentSubjectType = (typeof documentSubjectTypes)[number];

/** What each document is printed for. Test protocols and travelers need a production order, a receipt a logistics order (checked when requested). */
export const subjectTypeOf: Record<DocumentType, DocumentSubjectType> = {
  'delivery-bill': 'shipment',
  'material-label': 'material',
  'order-traveler': 'order',
  'test-protocol': 'order',
  receipt: 'order',
  // A non-conformance report (docs/quality-and-lots.md).
  'ncr-report': 'ncr',
  // An employee's week of labour time (docs/labour-and-costs.md, Timesheet); `week` names the week.
  timesheet: 'employee',
  // A lot's label with its number as a barcode (docs/quality-and-lots.md, Lots).
  'lot-label': 'lot',
};

/** Material labels: one 100 x 50 mm label, or an A4 sheet of 2 x 5 labels of the same size. */
export const labelSizes = ['single', 'a4-sheet'] as const;
export type LabelSize = (typeof labelSizes)[number];

/** Labels on one A4 sheet (2 columns of 5). */
export const LABELS_PER_SHEET = 10;

export const documentStatuses = ['requested', 'generated', 'failed'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** Languages a document is printed in. */
export const documentLocales = ['en', 'de'] as const;
export type DocumentLocale = (typeof documentLocales)[number];

/** `POST /api/documents`: which document, for which subject; a label's size (default single). */
export const requestDocumentSchema = z.object({
  type: z.enum(documentTypes, { error: 'documents.validation.unknownType' }),
  subjectId: z.uuid({ error: 'validation.invalidId' }),
  labelSize: z.enum(labelSizes, { error: 'documents.validation.unknownLabelSize' }).optional(),
  /** A timesheet's week: any day of it (`YYYY-MM-DD`, Monday to Monday in the company's zone); default this week. Only for timesheets. */
  week: z.iso.date({ error: 'validation.invalidFormat' }).optional(),
  /** A delivery bill "with certificates": the certificate PDFs of the lots in its orders are appended (docs/quality-and-lots.md). Only for delivery bills. */
  withCertificates: z.boolean({ error: 'validation.invalidValue' }).optional(),
});
export type RequestDocumentInput = z.infer<typeof requestDocumentSchema>;

/** `GET /api/documents`: the documents of one subject, newest first. */
export const documentListQuerySchema = z.object({
  subjectType: z.enum(documentSubjectTypes),
  subjectId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The document number: consecutive per company, e.g. `DOC-000042`. */
export const documentNumberOf = (number: number) => `DOC-${String(number).padStart(6, '0')}`;

/** The file name a download gets, e.g. `delivery-bill-DOC-000042.pdf`. */
export const documentFileName = (type: DocumentType, documentNumber: string) => `${type}-${documentNumber}.pdf`;

/** Monday of the week a day falls in (`YYYY-MM-DD`): the week a timesheet is of. */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}
