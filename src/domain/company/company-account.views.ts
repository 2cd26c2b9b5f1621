import { z } from 'zod';
import { plans } from './company.schema.js';
import { companyExportStatuses } from './company-account.schema.js';

/** A company data export as the Account tab follows it (`POST`/`GET /api/company-account/exports[/{id}]`). */
export const companyExportViewSchema = z.object({
  id: z.string(),
  status: z.enum(companyExportStatuses),
  /** 0-100. */
  progress: z.number().int(),
  /** The zip's size in bytes once ready. */
  sizeBytes: z.number().int().nullable(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Same-origin path of the zip (fetch with the token) once ready; null before. */
  downloadPath: z.string().nullable(),
});
export type CompanyExportView = z.infer<typeof companyExportViewSchema>;

/** `GET /api/company-account/account`: the Account tab. */
export const companyAccountViewSchema = z.object({
  companyName: z.string(),
  plan: z.enum(plans),
  trialEndsAt: z.string().nullable(),
  /** Whole days left of a trial; null when the plan is not a trial. */
  trialDaysLeft: z.number().int().nullable(),
  readOnly: z.boolean(),
  /** Users of the company (owner, admins, operators). */
  users: z.number().int(),
  /** Bytes of the company's stored files (logo, material images, shipment attachments, documents); exports not counted. */
  storageBytes: z.number().int(),
  /** Bytes the plan allows (`storageQuotaBytes`); an upload past it is refused with 413 STORAGE_QUOTA_EXCEEDED. */
  storageQuotaBytes: z.number().int(),
  /** The caller may delete the account: its super user only. */
  mayDelete: z.boolean(),
  /** The newest export, to follow or download; null when none was made. */
  latestExport: companyExportViewSchema.nullable(),
});
export type CompanyAccountView = z.infer<typeof companyAccountViewSchema>;
