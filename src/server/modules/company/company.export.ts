import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipArchive, type ZipEntryData } from 'archiver';
import { sql, type ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import {
  COMPANY_EXPORT_STREAM_TYPE,
  companyExportEvents,
  companyExportStreamId,
  type CompanyExportEvent,
} from '../../../domain/company/company-account.events.js';
import type { CompanyExportView } from '../../../domain/company/company-account.views.js';
import { csvDocument, textCell } from '../../platform/csv.js';
import { withSystem, withTenant, type Db, type Executor, type Tables, type Tx } from '../../platform/db.js';
import { defineDispatchRoute, type DispatchRoute } from '../../platform/dispatcher.js';
import { defineJob, type JobContext } from '../../platform/jobs.js';
import { companyDir, exportsDir } from './company.files.js';
import { tablesWithCompanyId } from './company.records.js';
import './company-exports.tables.js';

/**
 * What an export holds: the company's business data, table by table, listed by name (issue 26).
 * Every table with a `company_id` is in exactly one of the two lists; a test fails for a new table
 * until it is placed, so nothing is exported by accident.
 */
export const exportedTables = [
  'absences',
  'carriers',
  'clients',
  'companies',
  'costing_job_titles',
  'costing_materials',
  'costing_orders',
  'costing_planned_stations',
  'costing_rates',
  'costing_station_work',
  'document_counters',
  'documents',
  'employee_profiles',
  'events',
  'interruptions',
  'key_figure_interruptions',
  'key_figure_orders',
  'key_figure_station_runs',
  'key_figure_suggestions',
  'labour_assignments',
  'labour_attendances',
  'labour_corrections',
  'labour_work_pieces',
  'lot_consumptions',
  'lot_serials',
  'lot_counters',
  'lots',
  'machine_links',
  'master_data_entries',
  'material_components',
  'material_media',
  'materials',
  'ncr_counters',
  'ncrs',
  'oee_downtimes',
  'oee_material_times',
  'oee_orders',
  'oee_reports',
  'oee_rework_orders',
  'oee_station_work',
  'operator_stations',
  'order_advertisements',
  'order_counters',
  'order_states',
  'orders',
  'plan_station_queues',
  'shipment_attachments',
  'shipment_counters',
  'shipment_orders',
  'shipment_tracking_links',
  'shipments',
  'station_authorizations',
  'station_completions',
  'station_sequences',
  'station_worklist_entries',
  'stations',
  'streams',
  'suggestions',
  'user_change_rights',
  'users',
  'vacation_entitlements',
  'webhook_deliveries',
] as const;

/**
 * Never exported: sign-in secrets and their bookkeeping (sessions, one-time tokens, API keys, webhook
 * endpoints with their sealed signing secrets, failed sign-ins, known sign-in addresses), the machine
 * broker's credentials, stored idempotent answers, mails as sent (they carry links),
 * the job ledger, storage reservations, the exports themselves, and imported files with their mappings (the
 * records they made are exported).
 */
export const notExportedTables = [
  'api_keys',
  'company_exports',
  'dev_mailbox',
  'dispatched_jobs',
  'idempotency_keys',
  'import_mappings',
  'imports',
  'known_sign_in_addresses',
  'login_failures',
  'machine_brokers',
  'sent_emails',
  'sessions',
  'storage_reservations',
  'user_tokens',
  'webhook_endpoints',
] as const;

/** Columns never exported: hashes of passwords and of link tokens. */
const skippedColumns = new Set(['password_hash', 'token_hash']);
/** Payload fields of events never exported: codes and link tokens sealed for an email. */
const sealedFields = new Set(['sealedCode', 'sealedToken']);

/** Days a finished export is kept (and counts against the storage quota); then its row and zip are deleted. */
export const EXPORT_KEEP_DAYS = 7;
const KEEP_MS = EXPORT_KEEP_DAYS * 24 * 60 * 60 * 1000;
/** The finished exports that are still kept at `now`: those still running, or finished within the keep days. */
const stillKept = (now: Date) => (eb: ExpressionBuilder<Tables, 'company_exports'>) =>
  eb.or([eb('finished_at', 'is', null), eb('finished_at', '>', new Date(now.getTime() - KEEP_MS))]);

/**
 * Deletes every export finished more than EXPORT_KEEP_DAYS ago, of all companies (rows and zips):
 * run by every instance once an hour (account.routes.ts). Answers how many went.
 */
export async function deleteExpiredExports(db: Db, dataDir: string, now: Date): Promise<number> {
  const removed = await withSystem(db, (tx) =>
    tx
      .deleteFrom('company_exports')
      .where('finished_at', '<=', new Date(now.getTime() - KEEP_MS))
      .returning(['id', 'company_id'])
      .execute(),
  );
  for (const row of removed) await rm(exportZipPath(dataDir, row.company_id, row.id), { force: true });
  return removed.length;
}

export const exportZipPath = (dataDir: string, companyId: string, exportId: string) => path.join(exportsDir(dataDir, companyId), `${exportId}.zip`);

export function exportViewOf(row: {
  id: string;
  status: CompanyExportView['status'];
  progress: number;
  size_bytes: string | number | null;
  requested_at: Date;
  finished_at: Date | null;
}): CompanyExportView {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    requestedAt: row.requested_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    downloadPath: row.status === 'READY' ? `/api/company-account/exports/${row.id}/download` : null,
  };
}

/** One export of the tenant's company, unless it has expired. */
export async function findExport(db: Executor, exportId: string, now: Date) {
  return db.selectFrom('company_exports').selectAll().where('id', '=', exportId).where(stillKept(now)).executeTakeFirst();
}

export async function latestExport(db: Executor, now: Date) {
  return db.selectFrom('company_exports').selectAll().where(stillKept(now)).orderBy('requested_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The tenant's export being made (PENDING or RUNNING), if any: a company makes one at a time. */
export async function exportInProgress(db: Executor) {
  return db.selectFrom('company_exports').select('id').where('status', 'in', ['PENDING', 'RUNNING']).executeTakeFirst();
}

/** The listed business tables the database has (`tablesWithCompanyId`). */
async function tablesToExport(tx: Tx): Promise<string[]> {
  const listed = new Set<string>(exportedTables);
  return (await tablesWithCompanyId(tx)).filter((table) => listed.has(table));
}

type Row = Record<string, unknown>;

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** A table as CSV (the console's flavour: `;`, BOM, formulas defused) with the columns of its rows. */
function tableCsv(rows: Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return csvDocument(
    columns,
    rows.map((row) => columns.map((column) => textCell(cellText(row[column])))),
  );
}

const without = (record: Row, skipped: Set<string>): Row => Object.fromEntries(Object.entries(record).filter(([key]) => !skipped.has(key)));

/** A row as exported: no skipped column, and an event's payload without its sealed secrets. */
const exportedRow = (row: Row): Row => {
  const kept = without(row, skippedColumns);
  if (kept.data !== null && typeof kept.data === 'object' && !Array.isArray(kept.data) && 'stream_id' in kept)
    kept.data = without(kept.data as Row, sealedFields);
  return kept;
};

/** Every file under the company's folder but its exports, as paths relative to it. */
async function companyFiles(dir: string, skip: string, prefix = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory() && path.join(dir, relative) !== skip) files.push(...(await companyFiles(dir, skip, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

const setProgress = (ctx: JobContext, companyId: string, exportId: string, fields: { status?: 'RUNNING'; progress: number }) =>
  withTenant(ctx.db, companyId, (tx) => tx.updateTable('company_exports').set(fields).where('id', '=', exportId).execute());

async function recordEnd(ctx: JobContext, companyId: string, exportId: string, event: CompanyExportEvent, sizeBytes: number | null) {
  const at = ctx.clock.now();
  await withTenant(ctx.db, companyId, async (tx) => {
    await tx
      .updateTable('company_exports')
      .set({
        status: event.type === 'CompanyExportCompleted' ? 'READY' : 'FAILED',
        progress: event.type === 'CompanyExportCompleted' ? 100 : 0,
        size_bytes: sizeBytes,
        finished_at: at,
      })
      .where('id', '=', exportId)
      .execute();
    await ctx.eventStore.append(tx, {
      streamId: companyExportStreamId(exportId),
      streamType: COMPANY_EXPORT_STREAM_TYPE,
      companyId,
      expectedVersion: 'any',
      events: [event],
      metadata: { correlationId: ctx.jobId },
    });
  });
}

/** Only the newest finished export is kept: the earlier ones (rows and zips) go once a new one is ready. */
async function removeEarlierExports(ctx: JobContext, companyId: string, exportId: string) {
  const removed = await withTenant(ctx.db, companyId, (tx) =>
    tx.deleteFrom('company_exports').where('id', '<>', exportId).where('status', 'in', ['READY', 'FAILED']).returning('id').execute(),
  );
  for (const { id } of removed) await rm(exportZipPath(ctx.config.dataDir, companyId, id), { force: true });
}

const exportJobSchema = z.object({ companyId: z.uuid(), exportId: z.uuid() });
type ExportJob = z.infer<typeof exportJobSchema>;

/**
 * Writes the zip of a company's data: `manifest.json`, each table as `data/<table>.json` and
 * `data/<table>.csv` (read as the tenant, so row-level security shows only the company's rows),
 * and its files under `files/`. Progress moves per table and per file; the zip is written to a
 * temporary name and renamed, so a retry starts over and a half-written zip is never offered.
 */
export const exportCompanyDataJob = defineJob<ExportJob>({
  queue: 'export',
  name: 'export-company-data',
  schema: exportJobSchema,
  async handle({ companyId, exportId }, ctx) {
    const found = await withTenant(ctx.db, companyId, (tx) => findExport(tx, exportId, ctx.clock.now()));
    if (!found || found.status === 'READY') return;
    try {
      await setProgress(ctx, companyId, exportId, { status: 'RUNNING', progress: 1 });
      const dataDir = ctx.config.dataDir;
      const target = exportZipPath(dataDir, companyId, exportId);
      const temporary = `${target}.${process.pid}.partial`;
      await mkdir(path.dirname(target), { recursive: true });
      const folder = companyDir(dataDir, companyId);
      const files = await companyFiles(folder, exportsDir(dataDir, companyId));
      const tables = await withTenant(ctx.db, companyId, tablesToExport);
      const steps = tables.length + files.length;
      let done = 0;
      const advance = async () => {
        done += 1;
        await setProgress(ctx, companyId, exportId, { progress: Math.min(99, Math.max(1, Math.floor((done / steps) * 99))) });
      };

      const zip = new ZipArchive({ zlib: { level: 6 } });
      const written = pipeline(zip, createWriteStream(temporary));
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const rows = await withTenant(ctx.db, companyId, async (tx) => {
          const result = await sql<Row>`select * from ${sql.table(table)}`.execute(tx);
          return result.rows.map(exportedRow);
        });
        counts[table] = rows.length;
        zip.append(JSON.stringify(rows, null, 2), { name: `data/${table}.json` });
        zip.append(tableCsv(rows), { name: `data/${table}.csv` });
        await advance();
      }
      // The files are images and PDFs, compressed already: stored as they are, deflate would spend the CPU that
      // other companies' documents need for nothing (bench export-isolation, docs/security.md).
      for (const file of files) {
        const stored: ZipEntryData = { name: `files/${file.split(path.sep).join('/')}`, store: true };
        zip.file(path.join(folder, file), stored);
        await advance();
      }
      zip.append(
        JSON.stringify(
          { companyId, exportId, exportedAt: ctx.clock.now().toISOString(), tables: counts, files: files.map((file) => file.split(path.sep).join('/')) },
          null,
          2,
        ),
        { name: 'manifest.json' },
      );
      await zip.finalize();
      await written;
      await rename(temporary, target);
      const { size } = await stat(target);
      // The earlier export goes before this one shows as ready: whoever sees it ready finds only it.
      await removeEarlierExports(ctx, companyId, exportId);
      await recordEnd(
        ctx,
        companyId,
        exportId,
        { type: 'CompanyExportCompleted', data: { exportId, sizeBytes: size, at: ctx.clock.now().toISOString() } },
        size,
      );
      ctx.log.info({ exportId, tables: tables.length, files: files.length, size }, 'company data export written');
    } catch (error) {
      await rm(`${exportZipPath(ctx.config.dataDir, companyId, exportId)}.${process.pid}.partial`, { force: true });
      throw error;
    }
  },
  /** Failed for good (the retries used up, or its worker died too often): the export shows as failed. */
  async failed({ companyId, exportId }, _error, ctx) {
    const found = await withTenant(ctx.db, companyId, (tx) => findExport(tx, exportId, ctx.clock.now()));
    if (!found || found.status === 'READY') return;
    await recordEnd(ctx, companyId, exportId, { type: 'CompanyExportFailed', data: { exportId, at: ctx.clock.now().toISOString() } }, null);
  },
});

/** A requested export becomes the export job. */
export const companyExportDispatchRoutes: DispatchRoute[] = [
  defineDispatchRoute({
    events: companyExportEvents,
    eventType: 'CompanyExportRequested',
    queue: exportCompanyDataJob.queue,
    name: exportCompanyDataJob.name,
    toJob(event) {
      if (!event.companyId) return undefined;
      return { companyId: event.companyId, exportId: event.data.exportId } satisfies ExportJob;
    },
  }),
];
