import { z } from 'zod';
import { meetsPasswordRule, PASSWORD_MAX_LENGTH } from './password.rules.js';

export { meetsPasswordRule, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.rules.js';

const complexity = 'validation.passwordComplexity';

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
