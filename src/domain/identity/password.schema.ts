import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work of hashing a hostile input; far above any password a person types. */
export const PASSWORD_MAX_LENGTH = 128;

const complexity = 'validation.passwordComplexity';

/**
 * The password rule of the spec, everywhere: at least 8 characters, one uppercase letter and one
 * special character (anything that is neither a letter, a digit nor white space).
 */
export const meetsPasswordRule = (password: string): boolean =>
  password.length >= PASSWORD_MIN_LENGTH && /\p{Lu}/u.test(password) && /[^\p{L}\p{N}\s]/u.test(password);

/** The rule as a schema: one `validation.passwordComplexity` issue, however many parts fail. */
export const passwordSchema = z.string().max(PASSWORD_MAX_LENGTH).refine(meetsPasswordRule, complexity);

/** A new password typed twice: the rule, and the confirmation must match it. */
export const passwordPairSchema = z
  .object({
    password: passwordSchema,
    confirm: z.string(),
  })
  .refine((pair) => pair.password === pair.confirm, { message: 'validation.passwordMismatch', path: ['confirm'] });

export type PasswordPair = z.infer<typeof passwordPairSchema>;
