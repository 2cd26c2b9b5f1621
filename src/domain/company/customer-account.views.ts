import { z } from 'zod';
import { customerAccountDetailSchema } from './company.views.js';

/**
 * `GET` and `PUT /api/company-account/byId/{id}`: one customer with its settings and the version
 * of its account (the company stream's), which the master's edit names.
 */
export const customerAccountEditViewSchema = customerAccountDetailSchema.extend({
  version: z.number().int(),
});
export type CustomerAccountEditView = z.infer<typeof customerAccountEditViewSchema>;
