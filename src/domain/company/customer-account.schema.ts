import { z } from 'zod';
import { emailSchema, firstNameSchema, lastNameSchema, localeSchema } from '../identity/identity.schema.js';
import { basicSettingsSchema, customerAccountUpdateSchema, missingAs, plans } from './company.schema.js';

/**
 * The product operator adds a customer (`POST /api/company-account`): its company data, plan and
 * trial end (a trial without one runs the usual 30 days), and its super user, who is invited by
 * email to set a password.
 */
export const customerAccountCreateSchema = z.object({
  basicSettings: basicSettingsSchema,
  plan: z.enum(plans).default('trial'),
  trialEndsAt: z.iso.datetime({ offset: true, error: 'validation.dateTime' }).nullable().default(null),
  superUser: z.object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    locale: localeSchema,
  }),
});
export type CustomerAccountCreate = z.infer<typeof customerAccountCreateSchema>;

/**
 * `PUT /api/company-account/byId/{id}`: the product operator's edit (plan, trial end, company data)
 * made on the copy of `version` (the company stream's version, as `GET .../byId/{id}` answers it);
 * a copy of another version is stale (409).
 */
export const customerAccountEditSchema = customerAccountUpdateSchema.extend({
  version: z
    .number({ error: missingAs('validation.required') })
    .int()
    .min(0),
});
export type CustomerAccountEdit = z.infer<typeof customerAccountEditSchema>;
