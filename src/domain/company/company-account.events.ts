import { eventCatalogue } from '../shared/decider.js';
/** Stream type of a company data export's stream `company-export-<id>`. */
export const COMPANY_EXPORT_STREAM_TYPE = 'company-export';
export const companyExportStreamId = (exportId: string) => `company-export-${exportId}`;

/**
 * Facts of a company data export (Account tab). The request is what the dispatcher turns into the
 * export job; the job records the end. Payloads carry `at`, the ISO time of the fact.
 */
export type CompanyExportEvent =
  | { type: 'CompanyExportRequested'; data: { exportId: string; requestedBy: string; at: string } }
  | { type: 'CompanyExportCompleted'; data: { exportId: string; sizeBytes: number; at: string } }
  | { type: 'CompanyExportFailed'; data: { exportId: string; at: string } };

/** A company export's events as every reader reads them. */
export const companyExportEvents = eventCatalogue<CompanyExportEvent>({
  streamType: COMPANY_EXPORT_STREAM_TYPE,
  types: { CompanyExportRequested: true, CompanyExportCompleted: true, CompanyExportFailed: true },
});
