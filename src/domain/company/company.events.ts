import type { BasicSettings, Plan, ReferralSource } from './company.schema.js';

/** Facts of a company account (stream `company-<id>`, stream type `company`). Dates are ISO strings. */
export type CompanyEvent =
  | {
      type: 'CompanyAccountOpened';
      data: { companyId: string; companyName: string; code: string; plan: Plan; trialEndsAt: string | null };
    }
  | { type: 'ReferralSourceRecorded'; data: { companyId: string; referralSource: ReferralSource } }
  | { type: 'BasicSettingsUpdated'; data: { companyId: string; basicSettings: BasicSettings } }
  | { type: 'CompanyLogoReplaced'; data: { companyId: string; contentType: string; bytes: number } }
  | { type: 'CustomerAccountUpdated'; data: { companyId: string; plan: Plan; trialEndsAt: string | null; basicSettingsChanged: boolean } };

/** Facts of the platform (stream `customer-accounts`, no company): survive the deletion of a customer. */
export type PlatformEvent =
  { type: 'CustomerAccountDeleted'; data: { companyId: string; companyName: string; code: string } } | { type: 'DemoDataSeeded'; data: { companyId: string } };

export const companyStreamId = (companyId: string) => `company-${companyId}`;
export const COMPANY_STREAM_TYPE = 'company';
