import { z } from 'zod';
import { pageOf } from '../shared/paging.js';
import { roles } from '../shared/roles.js';
import { userStatuses } from './identity.rules.js';
import { locales } from './identity.schema.js';

/** Answers of the auth and users routes; the web reads its types from here. Dates are ISO strings. */

/** `POST /api/auth/authenticate` (and a confirmed sign-up): the session record the browser keeps. */
export const sessionViewSchema = z.object({
  access_token: z.string(),
  userId: z.string(),
  role: z.enum(roles),
  /** The company id the session acts for; null for a master who has not picked one. */
  company: z.string().nullable(),
  /** The user's stored language: the console switches to it at sign-in (an operator an admin set to German sees German). */
  locale: z.enum(locales),
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
  status: z.enum(userStatuses),
  /** An invited user whose invitation email could not be sent: resend it. */
  invitationNotSent: z.boolean(),
  locale: z.enum(locales),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userViewSchema>;

export const userPageSchema = pageOf(userViewSchema);

/** Users per role who may sign in (deactivated users are not counted by role or in `total`, but in `deactivated`). */
export const userCountsSchema = z.object({
  SUPER_USER: z.number().int(),
  ADMIN: z.number().int(),
  OPERATOR: z.number().int(),
  total: z.number().int(),
  deactivated: z.number().int(),
});

/** Who is signed in at which station right now (`GET /api/team/station-sessions`): unexpired, not ended station sessions. */
export const stationSessionsViewSchema = z.object({
  data: z.array(
    z.object({
      sessionId: z.string(),
      userId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      username: z.string().nullable(),
      stationId: z.string(),
      /** The station's name (null once deleted). */
      stationName: z.string().nullable(),
      /** When the session began (the station login). */
      since: z.string(),
    }),
  ),
});
export type StationSessionsView = z.infer<typeof stationSessionsViewSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
