// The password rule without zod, so the sign-in page checks it without loading zod (password.schema.ts
// builds the schemas the server validates with from the same rule).

export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work of hashing a hostile input; far above any password a person types. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The password rule of the spec, everywhere: at least 8 characters, one uppercase letter and one
 * special character (anything that is neither a letter, a digit nor white space).
 */
export const meetsPasswordRule = (password: string): boolean =>
  password.length >= PASSWORD_MIN_LENGTH && /\p{Lu}/u.test(password) && /[^\p{L}\p{N}\s]/u.test(password);
