import type { DocumentView } from '../../../domain/documents/documents.views.js';
import type { DocumentSubjectType } from '../../../domain/documents/documents.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Executor } from '../../platform/db.js';
import { userNamesByIds } from '../identity/index.js';
import { stationNamesById } from '../stations/index.js';
import type { DocumentRow } from './documents.tables.js';
import './documents.tables.js';

async function viewsOf(tx: Executor, rows: DocumentRow[]): Promise<DocumentView[]> {
  const userIds = [...new Set(rows.map((row) => row.requested_by).filter((id): id is string => id !== null))];
  const stationIds = [...new Set(rows.map((row) => row.station_id).filter((id): id is string => id !== null))];
  const names = userIds.length > 0 ? await userNamesByIds(tx, userIds) : new Map<string, string>();
  const stations = stationIds.length > 0 ? await stationNamesById(tx, stationIds) : new Map<string, string>();
  return rows.map((row) => ({
    id: row.id,
    documentNumber: row.document_number,
    type: row.type,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    labelSize: row.label_size,
    week: row.week,
    locale: row.locale,
    status: row.status,
    failure: row.failure,
    requestedBy: row.requested_by ? { userId: row.requested_by, name: names.get(row.requested_by) ?? '' } : null,
    stationName: row.station_id ? (stations.get(row.station_id) ?? '') : null,
    requestedAt: row.requested_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    size: row.size,
    downloadUrl: row.status === 'generated' ? `/api/documents/${row.id}/file` : null,
    version: row.version,
  }));
}

/**
 * Bytes of the company's stored PDFs, from their records (every generated document has its file's
 * size): the storage check counts the `documents` folder by this sum instead of walking it.
 */
export async function documentBytesOf(db: Executor, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), eb.val('0')).as('bytes'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** A document of the tenant (another company's: 404). */
export async function findDocumentRow(tx: Executor, documentId: string): Promise<DocumentRow | undefined> {
  return tx.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
}

export async function documentViewOf(tx: Executor, documentId: string): Promise<DocumentView> {
  const row = await findDocumentRow(tx, documentId);
  if (!row) throw new DomainError('NOT_FOUND');
  const [view] = await viewsOf(tx, [row]);
  return view;
}

/**
 * The documents of one subject, newest first. An order's list also holds the material labels its
 * station actions printed.
 */
export async function documentsOf(
  tx: Executor,
  query: { subjectType: DocumentSubjectType; subjectId: string; limit: number },
): Promise<{ items: DocumentView[] }> {
  let select = tx.selectFrom('documents').selectAll();
  select =
    query.subjectType === 'order'
      ? select.where((eb) => eb.or([eb.and([eb('subject_type', '=', 'order'), eb('subject_id', '=', query.subjectId)]), eb('order_id', '=', query.subjectId)]))
      : select.where('subject_type', '=', query.subjectType).where('subject_id', '=', query.subjectId);
  const rows = await select.orderBy('requested_at', 'desc').orderBy('number', 'desc').limit(query.limit).execute();
  return { items: await viewsOf(tx, rows) };
}
