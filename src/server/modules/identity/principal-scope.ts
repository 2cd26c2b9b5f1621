import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventMetadataOf, principalOf, type Principal } from '../../platform/auth.js';
import { runAsPlatform, runCommand, type CommandContext } from '../../platform/command.js';
import { withSystem, withTenant, type Db, type Tx } from '../../platform/db.js';

const isPlatformUser = (principal: Principal) => principal.role === 'MASTER' || !principal.companyId;

/**
 * Reads as the principal's tenant; the master (no company of its own) as the platform.
 * For the signed-in user's own record, not for acting on a customer.
 */
export function readAsPrincipal<T>(db: Db, principal: Principal, work: (tx: Tx) => Promise<T>): Promise<T> {
  return principal.role === 'MASTER' || !principal.companyId ? withSystem(db, work) : withTenant(db, principal.companyId, work);
}

/** A command on the signed-in user's own record (password, session): the master's runs as the platform. */
export function runAsPrincipal<T>(app: FastifyInstance, request: FastifyRequest, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
  const principal = principalOf(request);
  if (!isPlatformUser(principal)) return runCommand(app, request, work);
  return runAsPlatform(app, { actor: { userId: principal.userId, role: principal.role }, metadata: eventMetadataOf(request) }, work);
}
