/** PostgreSQL's error codes the modules react to, by name (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const pgErrorCodes = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

type PgFailure = { code?: unknown; constraint?: unknown } | null | undefined;

/** A unique index refused the write; with `constraint`, that index in particular. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const failure = error as PgFailure;
  return failure?.code === pgErrorCodes.uniqueViolation && (constraint === undefined || failure.constraint === constraint);
}

/** A foreign key refused the write (a referenced row is missing, or a row still refers to the one deleted). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as PgFailure)?.code === pgErrorCodes.foreignKeyViolation;
}
