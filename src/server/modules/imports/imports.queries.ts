import type { ImportKind, ImportMapping } from '../../../domain/imports/imports.schema.js';
import type { ImportView } from '../../../domain/imports/imports.views.js';
import type { Executor } from '../../platform/db.js';
import './imports.tables.js';

type ImportRow = {
  id: string;
  kind: ImportKind;
  file_name: string;
  status: ImportView['status'];
  progress: number;
  row_count: number;
  report: readonly { status: string }[] | null;
  requested_at: Date;
  finished_at: Date | null;
};

export function importViewOf(row: ImportRow): ImportView {
  const finished = row.status === 'DONE' || row.status === 'FAILED';
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.file_name,
    status: row.status,
    progress: row.progress,
    rowCount: row.row_count,
    errorCount: row.report ? row.report.filter((result) => result.status === 'error').length : null,
    requestedAt: row.requested_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    reportPath: finished && row.report ? `/api/imports/runs/${row.id}/report.csv` : null,
  };
}

const viewColumns = ['id', 'kind', 'file_name', 'status', 'progress', 'row_count', 'report', 'requested_at', 'finished_at'] as const;

/** One import of the tenant's company. */
export async function findImport(db: Executor, importId: string) {
  return db.selectFrom('imports').select(viewColumns).where('id', '=', importId).executeTakeFirst();
}

/** The tenant's latest imports, newest first. */
export async function latestImports(db: Executor, limit: number) {
  const rows = await db.selectFrom('imports').select(viewColumns).orderBy('requested_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(importViewOf);
}

/** The mapping remembered for a kind, or an empty one. */
export async function rememberedMapping(db: Executor, kind: ImportKind): Promise<ImportMapping> {
  const row = await db.selectFrom('import_mappings').select('mapping').where('kind', '=', kind).executeTakeFirst();
  return row?.mapping ?? {};
}
