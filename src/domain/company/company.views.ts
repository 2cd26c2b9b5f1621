import { z } from 'zod';
import { pageOf } from '../shared/paging.js';
import { basicSettingsSchema, companyFunctionsSchema, favouritesSchema, plans, referralSources, workingTimeSchema } from './company.schema.js';

/** Answers of the company-account routes; the web reads its types from here. Dates are ISO strings. */
const isoDate = z.string();

export const logoViewSchema = z.object({
  /** Same-origin URL path of the image; load it with the bearer token. */
  filePath: z.string(),
});

export const accountTermsViewSchema = z.object({
  plan: z.enum(plans),
  trialEndsAt: isoDate.nullable(),
  /** The trial has ended: the company may sign in and read, not write. */
  readOnly: z.boolean(),
});

/** `GET /api/company-account/basic-settings`: the settings as `updateBasicSettings` takes them, plus logo and account. */
export const companySettingsViewSchema = basicSettingsSchema.extend({
  id: z.string(),
  /** The version of the company's settings; `updateBasicSettings` names it, a stale one answers 409. */
  version: z.number().int(),
  /** The number the next order gets, with the company's letters (what the numbering preview starts from). */
  nextOrderNumber: z.string(),
  code: z.string(),
  referralSource: z.enum(referralSources).nullable(),
  logo: logoViewSchema.nullable(),
  account: accountTermsViewSchema,
  favourites: favouritesSchema,
  functions: companyFunctionsSchema,
  /** The working time in force: the saved one, else the server's default (`WORKING_TIME`). */
  workingTime: workingTimeSchema,
});
export type CompanySettingsView = z.infer<typeof companySettingsViewSchema>;

/** One row of the product operator's customer list. */
export const customerAccountRowSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  /** The super user's full name. */
  superUser: z.string().nullable(),
  email: z.string().nullable(),
  registeredAt: isoDate,
  code: z.string(),
  users: z.number().int(),
  plan: z.enum(plans),
  trialEndsAt: isoDate.nullable(),
  /** Storage used by the company's files, in GB. */
  storageGb: z.number(),
  /** The storage quota of the company's plan, in GB (uploads past it answer 413). */
  storageQuotaGb: z.number(),
});
export type CustomerAccountRow = z.infer<typeof customerAccountRowSchema>;

export const customerAccountPageSchema = pageOf(customerAccountRowSchema);

/** `GET /api/company-account/byId/{id}`: a customer row with its referral source, settings and logo. */
export const customerAccountDetailSchema = customerAccountRowSchema.extend({
  referralSource: z.enum(referralSources).nullable(),
  readOnly: z.boolean(),
  basicSettings: basicSettingsSchema,
  logo: logoViewSchema.nullable(),
});
export type CustomerAccountDetail = z.infer<typeof customerAccountDetailSchema>;

/**
 * What every user of a company sees of its settings: the name, the logo in the sidebar, the date
 * format of every date shown, whether the account is read-only, the favourite attributes and
 * values (materials list, station screen) and which optional functions are on (menus and links).
 */
export const companyDisplayViewSchema = z.object({
  companyName: z.string(),
  dateFormat: basicSettingsSchema.shape.dateFormat,
  logo: logoViewSchema.nullable(),
  /** The trial has ended: every user of the company may read, not write. */
  readOnly: z.boolean(),
  favourites: favouritesSchema,
  functions: companyFunctionsSchema,
  /** The station screen opens the media of an order's material as soon as a new order arrives ("display of media with a new record"). */
  mediaOnNewRecord: z.boolean(),
});
export type CompanyDisplayView = z.infer<typeof companyDisplayViewSchema>;
