import type { CompanyExportStatus } from '../../../domain/company/company-account.schema.js';

/** The company's data exports (Account tab): the job writes the zip under the company's folder and its progress here. */
export interface CompanyExportsTable {
  id: string;
  company_id: string;
  requested_by: string;
  status: CompanyExportStatus;
  /** 0-100. */
  progress: number;
  size_bytes: string | number | null;
  requested_at: Date;
  finished_at: Date | null;
}

declare module '../../platform/db.js' {
  interface Tables {
    company_exports: CompanyExportsTable;
  }
}
