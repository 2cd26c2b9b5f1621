import { z } from 'zod';
import { pagingQuery } from '../shared/paging.js';
import { companyNameSchema, missingAs } from '../company/company.schema.js';
import { EMAIL_MAX_LENGTH, userStatuses } from './identity.rules.js';
import { passwordPairSchema, PASSWORD_MAX_LENGTH } from './password.schema.js';

export const NAME_MAX_LENGTH = 50;
export const USERNAME_MAX_LENGTH = 50;
export { EMAIL_MAX_LENGTH } from './identity.rules.js';

import { locales } from '../shared/locales.js';

export { locales, type Locale } from '../shared/locales.js';

/** An email address, trimmed and lower-cased: addresses are unique across the product. */
export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'validation.email' }).max(EMAIL_MAX_LENGTH));

const nameOf = (emptyCode: string) =>
  z
    .string({ error: missingAs(emptyCode) })
    .trim()
    .min(1, emptyCode)
    .max(NAME_MAX_LENGTH);

/** First and last names are required; an empty one carries the spec's own code. */
export const firstNameSchema = nameOf('errors.EMPTY_FIRST_NAME');
export const lastNameSchema = nameOf('errors.EMPTY_LAST_NAME');

/** Operators sign in by username: letters, digits, dot, dash and underscore; no `@`, so it never looks like an email. */
export const usernameSchema = z
  .string({ error: 'errors.EMPTY_USERNAME' })
  .trim()
  .min(1, 'errors.EMPTY_USERNAME')
  .max(USERNAME_MAX_LENGTH)
  .regex(/^[\p{L}\p{N}._-]*$/u, 'validation.username');

export const localeSchema = z.enum(locales).default('en');

/** Sign-up with a 30-day trial: the company and its super user. */
export const registerSchema = passwordPairSchema.safeExtend({
  companyName: companyNameSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  locale: localeSchema,
});

/** Login by email (super users, administration users, the master) or by username (operators). */
export const loginSchema = z.object({
  usernameOrEmail: z.string().trim().min(1, 'validation.required').max(EMAIL_MAX_LENGTH),
  password: z.string().min(1, 'validation.required').max(PASSWORD_MAX_LENGTH),
});

export const verificationCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[0-9]{6}$/, 'validation.fullCode');

export const verifyEmailSchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  /** The ticket the sign-up answered: with it, a confirmed sign-up is signed in at once. */
  ticket: z.string().max(100).optional(),
});

export const emailOnlySchema = z.object({ email: emailSchema });

/** A token from an emailed link (`?token=`). */
export const tokenQuerySchema = z.object({ token: z.string().min(1, 'validation.required').max(200) });

export const changePasswordSchema = passwordPairSchema.safeExtend({
  currentPassword: z.string().min(1, 'validation.required').max(PASSWORD_MAX_LENGTH),
});

/** Invites an administration user, who sets a password from the emailed link. */
export const createAdminUserSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  /** The invitee's language for the invitation email; the inviter's when absent. */
  locale: z.enum(locales).optional(),
});

/** Creates an operation user who signs in by username. */
export const createOperationsUserSchema = passwordPairSchema.safeExtend({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  username: usernameSchema,
  /** The operator's language; the creator's when absent. */
  locale: z.enum(locales, { error: 'validation.invalidValue' }).optional(),
});

/** `PUT /api/users/me/language` and `PUT /api/users/{id}/language`: a user's language. */
export const userLanguageSchema = z.object({
  locale: z.enum(locales, { error: (issue) => missingAs('validation.required')(issue) ?? 'validation.invalidValue' }),
});

/** Paging and filters of `GET /api/users`; `page` counts from 1. */
export const userListQuerySchema = z.object({
  ...pagingQuery(),
  role: z.enum(['SUPER_USER', 'ADMIN', 'OPERATOR']).optional(),
  status: z.enum(userStatuses).optional(),
  q: z.string().trim().max(NAME_MAX_LENGTH).optional(),
  /** A column of `userSortColumns`, '-' in front for descending; unknown or empty sorts by name. */
  sort: z.string().max(40).default(''),
});

/** The columns `GET /api/users` sorts by. */
export const userSortColumns = ['name', 'email', 'username', 'role', 'createdAt'] as const;

/** A new password an administration user sets for an operation user (`POST /api/users/{id}/reset-password`). */
export const resetOperatorPasswordSchema = passwordPairSchema;
