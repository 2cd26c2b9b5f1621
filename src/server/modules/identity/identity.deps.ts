import type { AccountEmployee } from '../../../domain/team/team.views.js';
import type { AuthService } from '../../platform/auth.js';
import type { CommandDeps } from '../../platform/command.js';
import type { Config } from '../../platform/config.js';
import type { Executor } from '../../platform/db.js';
import { deriveKey } from '../../platform/secrets.js';

/** The keys of the identity module, derived from JWT_SECRET. */
export interface IdentitySecrets {
  /** Seals email secrets into events; the email job opens them. */
  sealKey: Buffer;
  /** Keys the hashes of 6-digit codes. */
  codeKey: Buffer;
}

export const sealKeyFrom = (config: Pick<Config, 'jwtSecret'>) => deriveKey(config.jwtSecret, 'identity-email-secrets');

export const identitySecretsFrom = (config: Pick<Config, 'jwtSecret'>): IdentitySecrets => ({
  sealKey: sealKeyFrom(config),
  codeKey: deriveKey(config.jwtSecret, 'identity-verification-codes'),
});

/**
 * What the identity handlers need: the command runners' dependencies (sign-up, links and sign-in
 * come without a signed-in request, so they open their own command), the token signer and the keys.
 */
export interface IdentityDeps extends CommandDeps {
  auth: AuthService;
  secrets: IdentitySecrets;
}

/** The employee records of a user account, read by the team module (which builds on identity). */
export type AccountDetailsReader = (db: Executor, userId: string, now: Date) => Promise<AccountEmployee | null>;
