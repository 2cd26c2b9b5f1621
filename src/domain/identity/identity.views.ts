import { z } from 'zod';
import { pageOf } from '../shared/paging.js';
import { roles } from '../shared/roles.js';
import { locales } from './identity.schema.js';

/** Answers of the auth and users routes; the web reads its types from here. Dates are ISO strings. */

/** `POST /api/auth/authenticate` (and a confirmed sign-up): the session record the browser keeps. */
export const sessionViewSchema = z.object({
  access_token: z.string(),
  userId: z.string(),
  role: z.enum(roles),
  /** The company id the session acts for; null for a master who has not picked one. */
  company: z.string().nullable(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/** `POST /api/auth/regenerate-jwt/{id}`: the master's session for another company. */
export const regeneratedSessionSchema = z.object({
  access_token: z.string(),
  userId: z.string(),
  role: z.enum(roles),
  companyId: z.string(),
});

export const signUpAnswerSchema = z.object({
  userId: z.string(),
  companyId: z.string(),
  email: z.string(),
  /**
   * Short-lived (15 minutes), single-use: sent back with the code, it signs the new user in.
   * It replaces the spec's temporary credentials, so no password is kept in the browser.
   */
  ticket: z.string(),
  /** When the emailed code stops working. */
  codeExpiresAt: z.string(),
});

export const verifyEmailAnswerSchema = z.object({
  confirmed: z.literal(true),
  /** Present when the sign-up ticket came along and was still valid. */
  session: sessionViewSchema.nullable(),
});

export const tokenCheckAnswerSchema = z.object({
  data: z.object({
    purpose: z.enum(['PASSWORD_RESET', 'INVITATION']),
    email: z.string(),
    firstName: z.string(),
  }),
});

export const userViewSchema = z.object({
  id: z.string(),
  companyId: z.string().nullable(),
  role: z.enum(roles),
  email: z.string().nullable(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(['ACTIVE', 'INVITED', 'UNCONFIRMED']),
  locale: z.enum(locales),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userViewSchema>;

export const userPageSchema = pageOf(userViewSchema);

export const userCountsSchema = z.object({
  SUPER_USER: z.number().int(),
  ADMIN: z.number().int(),
  OPERATOR: z.number().int(),
  total: z.number().int(),
});

export const okSchema = z.object({ ok: z.literal(true) });
