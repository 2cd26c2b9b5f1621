import { z } from 'zod';
import { IMPORT_STREAM_TYPE, importEvents, importStreamId, type ImportEvent } from '../../../domain/imports/imports.events.js';
import type { ImportKind, ImportMapping } from '../../../domain/imports/imports.schema.js';
import type { ImportRowResult } from '../../../domain/imports/imports.views.js';
import { roles } from '../../../domain/shared/roles.js';
import { recordEvents, runInTenant, type CommandContext, type CommandDeps, type CommandScope } from '../../platform/command.js';
import { withTenant } from '../../platform/db.js';
import { defineDispatchRoute, type DispatchRoute } from '../../platform/dispatcher.js';
import { defineJob, type JobContext } from '../../platform/jobs.js';
import { sealKeyFrom } from '../identity/index.js';
import { checkRows, ImportRefused, prepareImport, writeRows, type ImportEnv } from './imports.handlers.js';
import './imports.tables.js';

const importJobSchema = z.object({ companyId: z.uuid(), importId: z.uuid() });
type ImportJob = z.infer<typeof importJobSchema>;

/**
 * Written in a transaction of its own, so the screen sees it while the import's transaction runs
 * (that one touches the import's row only at its end).
 */
const setProgress = (ctx: JobContext, { companyId, importId }: ImportJob, progress: number) =>
  withTenant(ctx.db, companyId, (tx) => tx.updateTable('imports').set({ status: 'RUNNING', progress }).where('id', '=', importId).execute());

/** The progress shown once `done` of `total` rows are written: 5 when the job starts, 95 with the last row (100 once it has committed). */
export const progressOf = (done: number, total: number): number => (total === 0 ? 95 : 5 + Math.floor((90 * done) / total));

/** Ends an import: its status, its report, and the fact, in the command's transaction. */
async function finish(ctx: CommandContext, importId: string, kind: ImportEvent['data']['kind'], results: readonly ImportRowResult[], failed = false) {
  const errors = results.filter((result) => result.status === 'error').length;
  await ctx.tx
    .updateTable('imports')
    .set({ status: errors || failed ? 'FAILED' : 'DONE', progress: 100, report: JSON.stringify(results), finished_at: ctx.now })
    .where('id', '=', importId)
    .execute();
  const event: ImportEvent =
    errors || failed
      ? { type: 'ImportFailed', data: { importId, kind, errors, at: ctx.at } }
      : { type: 'ImportCompleted', data: { importId, kind, rows: results.length, at: ctx.at } };
  await recordEvents(ctx, { id: importStreamId(importId), type: IMPORT_STREAM_TYPE }, [event]);
}

/**
 * Reads, checks and writes a file as one command of `scope`, in one transaction; `end` runs last in it
 * (the import's record). Invalid rows throw `ImportRefused`, and nothing is written. The import job's
 * work, and what the import bench measures.
 */
export async function importFile(
  deps: CommandDeps & Pick<ImportEnv, 'sealKey'>,
  scope: CommandScope,
  file: { kind: ImportKind; bytes: Uint8Array; mapping: ImportMapping },
  options: {
    end?: (command: CommandContext, results: readonly ImportRowResult[]) => Promise<void>;
    /** Told the progress (`progressOf`) after each chunk of rows written. */
    onProgress?: (progress: number) => Promise<void>;
  } = {},
): Promise<readonly ImportRowResult[]> {
  const { end = async () => {}, onProgress } = options;
  return runInTenant(deps, scope, async (command) => {
    const prepared = await prepareImport(command.tx, file.kind, file.bytes, file.mapping);
    const checked = await checkRows(command.tx, prepared, deps);
    if (checked.results.some((result) => result.status === 'error')) throw new ImportRefused(checked.results);
    await writeRows(command, prepared, checked, {
      sealKey: deps.sealKey,
      onProgress: onProgress && ((done, total) => onProgress(progressOf(done, total))),
    });
    await end(command, checked.results);
    return checked.results;
  });
}

/** The one who asked for the import, as their request would have acted: their user, role and event metadata. */
function scopeOfImport(companyId: string, row: { requested_by: string; metadata: CommandScope['metadata'] }, jobId: string): CommandScope {
  const role = roles.find((known) => known === row.metadata.role) ?? 'ADMIN';
  return { companyId, actor: { userId: row.requested_by, role }, metadata: { ...row.metadata, causationId: jobId } };
}

/**
 * Imports a file as one command of the one who asked: read again, checked again (the data may have
 * changed since the request), then written through the materials' commands and ended with
 * `ImportCompleted`, all in one transaction, so the file is in whole or not at all. Refused rows end
 * it as FAILED with the report of every row, nothing written.
 */
export const importFileJob = defineJob<ImportJob>({
  queue: 'export',
  name: 'import-csv-file',
  schema: importJobSchema,
  async handle(data, ctx) {
    const { companyId, importId } = data;
    const row = await withTenant(ctx.db, companyId, (tx) => tx.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirst());
    if (!row || row.status === 'DONE' || row.status === 'FAILED') return;
    await setProgress(ctx, data, progressOf(0, 1));
    const scope = scopeOfImport(companyId, row, ctx.jobId);
    const bytes = new TextEncoder().encode(row.content);
    try {
      await importFile(
        { ...ctx, sealKey: sealKeyFrom(ctx.config) },
        scope,
        { kind: row.kind, bytes, mapping: row.mapping },
        {
          end: (command, results) => finish(command, importId, row.kind, results),
          onProgress: async (progress) => void (await setProgress(ctx, data, progress)),
        },
      );
      ctx.log.info({ importId, kind: row.kind, rows: row.row_count }, 'import written');
    } catch (error) {
      if (!(error instanceof ImportRefused)) throw error;
      await runInTenant(ctx, scope, (command) => finish(command, importId, row.kind, error.results));
    }
  },
  /** Failed for good: the import shows as failed, nothing of it written. */
  async failed({ companyId, importId }, _error, ctx) {
    const row = await withTenant(ctx.db, companyId, (tx) => tx.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirst());
    if (!row || row.status === 'DONE' || row.status === 'FAILED') return;
    await runInTenant(ctx, scopeOfImport(companyId, row, ctx.jobId), (command) => finish(command, importId, row.kind, [], true));
  },
});

/** A requested import becomes the import job. */
export const importDispatchRoutes: DispatchRoute[] = [
  defineDispatchRoute({
    events: importEvents,
    eventType: 'ImportRequested',
    queue: importFileJob.queue,
    name: importFileJob.name,
    toJob(event) {
      if (!event.companyId) return undefined;
      return { companyId: event.companyId, importId: event.data.importId } satisfies ImportJob;
    },
  }),
];
