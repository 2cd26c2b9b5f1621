import type { Generated } from 'kysely';
import type { BasicSettings, Plan, ReferralSource } from '../../../domain/company/company.schema.js';

/** The settings document as stored: rows saved before the advanced settings lack their fields (no working time: the server's default). */
export type StoredBasicSettings = Omit<BasicSettings, 'halfVacationDays' | 'suggestionRecipientId' | 'mediaOnNewRecord' | 'workingTime' | 'documentLanguage'> &
  Partial<Pick<BasicSettings, 'halfVacationDays' | 'suggestionRecipientId' | 'mediaOnNewRecord' | 'workingTime' | 'documentLanguage'>>;

/** One customer account (tenant). `company_id` repeats `id` so the tenancy policy reads like every other table's. */
export interface CompaniesTable {
  id: string;
  company_id: Generated<string>;
  company_name: string;
  code: Generated<string>;
  plan: Plan;
  trial_ends_at: Date | null;
  referral_source: ReferralSource | null;
  basic_settings: StoredBasicSettings;
  logo_file: string | null;
  logo_updated_at: Date | null;
  /** The super user's name and email and the number of users: kept from user events for the customer list. */
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string | null;
  user_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module '../../platform/db.js' {
  interface Tables {
    companies: CompaniesTable;
  }
}
