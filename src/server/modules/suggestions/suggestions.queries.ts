import { sql } from 'kysely';
import type { SuggestionListQuery } from '../../../domain/suggestions/suggestion.schema.js';
import type { SuggestionPage, SuggestionView } from '../../../domain/suggestions/suggestions.views.js';
import type { Executor } from '../../platform/db.js';
import { pageOfRows } from '../../platform/paging.js';
import './suggestions.tables.js';

const suggestionsJoined = (db: Executor) =>
  db.selectFrom('suggestions as s').leftJoin('users as u', 'u.id', 's.submitted_by').leftJoin('stations as st', 'st.id', 's.station_id');

/** The list rows with who submitted them and the station's name (a removed user or station still reads). */
const withColumns = (query: ReturnType<typeof suggestionsJoined>) =>
  query.select([
    's.id',
    's.text',
    's.status',
    's.version',
    's.submitted_by',
    's.station_id',
    's.submitted_at',
    's.status_changed_at',
    'st.name as station_name',
    sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('submitter_name'),
    'u.username as submitter_username',
  ]);

type SuggestionRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

function viewOf(row: SuggestionRow): SuggestionView {
  return {
    id: row.id,
    text: row.text,
    status: row.status,
    version: row.version,
    submittedBy: { userId: row.submitted_by, name: row.submitter_name ?? row.submitter_username ?? '' },
    station: row.station_id ? { stationId: row.station_id, name: row.station_name } : null,
    submittedAt: row.submitted_at.toISOString(),
    statusChangedAt: row.status_changed_at?.toISOString() ?? null,
  };
}

/** One page of the company's suggestions, newest first, optionally of one status. */
export async function suggestionPageOf(db: Executor, query: SuggestionListQuery): Promise<SuggestionPage> {
  const base = query.status ? suggestionsJoined(db).where('s.status', '=', query.status) : suggestionsJoined(db);
  const { rows, total } = await pageOfRows(base, query, (rows) => withColumns(rows).orderBy('s.submitted_at', 'desc').orderBy('s.id'));
  return { data: rows.map(viewOf), total, page: query.page, limit: query.limit };
}

/** One suggestion of the company; undefined when absent or another company's. */
export async function suggestionViewOf(db: Executor, suggestionId: string): Promise<SuggestionView | undefined> {
  const row = await withColumns(suggestionsJoined(db)).where('s.id', '=', suggestionId).executeTakeFirst();
  return row && viewOf(row);
}
