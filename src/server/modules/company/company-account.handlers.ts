import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { COMPANY_EXPORT_STREAM_TYPE, companyExportStreamId } from '../../../domain/company/company-account.events.js';
import type { CompanyExportView } from '../../../domain/company/company-account.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import { exportInProgress, exportViewOf, findExport } from './company.export.js';
import './company-exports.tables.js';

/**
 * Asks for an export of all company data: a PENDING row to follow, and `CompanyExportRequested`,
 * which the dispatcher turns into the export job (company.export.ts).
 */
export async function requestCompanyExport(ctx: CommandContext): Promise<CompanyExportView> {
  if (!ctx.actor) throw new DomainError('UNAUTHORIZED');
  // One export of a company at a time (issue 26): the lock makes two requests at once take turns.
  await sql`select pg_advisory_xact_lock(hashtext(${`company-export:${ctx.companyId}`}))`.execute(ctx.tx);
  if (await exportInProgress(ctx.tx)) throw new DomainError('EXPORT_ALREADY_RUNNING');
  const exportId = randomUUID();
  const requestedBy = ctx.actor.userId;
  await ctx.tx
    .insertInto('company_exports')
    .values({
      id: exportId,
      company_id: ctx.companyId,
      requested_by: requestedBy,
      status: 'PENDING',
      progress: 0,
      size_bytes: null,
      requested_at: ctx.now,
      finished_at: null,
    })
    .execute();
  await recordEvents(ctx, { id: companyExportStreamId(exportId), type: COMPANY_EXPORT_STREAM_TYPE, companyId: ctx.companyId }, [
    { type: 'CompanyExportRequested', data: { exportId, requestedBy, at: ctx.at } },
  ]);
  const row = await findExport(ctx.tx, exportId, ctx.now);
  if (!row) throw new DomainError('EXPORT_NOT_FOUND');
  return exportViewOf(row);
}
