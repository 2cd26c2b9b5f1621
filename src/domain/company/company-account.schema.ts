import { z } from 'zod';
import { missingAs, type Plan } from './company.schema.js';

/** Statuses of a company data export: queued, being written, ready to download, or given up after its retries. */
export const companyExportStatuses = ['PENDING', 'RUNNING', 'READY', 'FAILED'] as const;
export type CompanyExportStatus = (typeof companyExportStatuses)[number];

/**
 * `DELETE /api/company-account`: the super user deletes the company account, confirming by typing
 * the company name (compared as typed, without surrounding spaces; see `confirmsCompanyName`).
 */
export const companyDeletionSchema = z.object({
  companyName: z
    .string({ error: missingAs('validation.required') })
    .trim()
    .min(1, 'validation.required')
    .max(200),
});
export type CompanyDeletion = z.infer<typeof companyDeletionSchema>;

/** A named rule: the typed name confirms the deletion only when it is the company's name exactly (case counts). */
export const confirmsCompanyName = (typed: string, companyName: string) => typed.trim() === companyName.trim();

const DAY_MS = 86_400_000;

/**
 * Whole days left of a trial (a part of a day counts as a day; 0 once it has ended); null for a
 * plan that is not a trial or a trial without an end.
 */
export function trialDaysLeft(account: { plan: string; trialEndsAt: Date | null }, now: Date): number | null {
  if (account.plan !== 'trial' || !account.trialEndsAt) return null;
  return Math.max(0, Math.ceil((account.trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

/** A gigabyte as the screens count it (powers of 1000, like the customer list's GB). */
const GB = 1000 ** 3;

/**
 * Bytes a company may store (logo, material images, shipment attachments, documents; data exports
 * not counted), by plan: a trial has room to try everything with real images (1 GB), a demo a
 * little more for a presentation (2 GB), a paid plan room for a catalogue (20 GB, 100 GB).
 */
export const storageQuotaBytes: Record<Plan, number> = { trial: 1 * GB, demo: 2 * GB, standard: 20 * GB, premium: 100 * GB };

/** Bytes still free for a company on `plan` that uses `usedBytes` (0 once the quota is reached). */
export const storageRoomLeft = (plan: Plan, usedBytes: number) => Math.max(0, storageQuotaBytes[plan] - usedBytes);
