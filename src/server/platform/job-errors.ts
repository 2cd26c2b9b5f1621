import { UnrecoverableError } from 'bullmq';

/** A failure that no retry can fix (unknown template, invalid data, a refused address): the job fails at once. */
export function permanentJobFailure(message: string): Error {
  return new UnrecoverableError(message);
}

export const isPermanentJobFailure = (error: unknown): boolean => error instanceof UnrecoverableError;
