import type { MachineLinkView, MachineSettings } from '../../../domain/machines/machines.views.js';
import type { Executor } from '../../platform/db.js';
import { stationNamesById } from '../stations/index.js';
import type { MachineLinkRow } from './machines.tables.js';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function linkView(row: MachineLinkRow, stationName: string | null): MachineLinkView {
  return {
    stationId: row.station_id,
    stationName,
    topic: row.topic,
    format: row.format,
    scrapReasonId: row.scrap_reason_id,
    defaultStopReasonId: row.default_stop_reason_id,
    stopReasons: row.stop_reasons,
    lastCounter: row.last_counter === null ? null : Number(row.last_counter),
    lastMessageAt: iso(row.last_message_at),
  };
}

export function findBroker(db: Executor) {
  return db.selectFrom('machine_brokers').selectAll().executeTakeFirst();
}

export function findLink(db: Executor, stationId: string, options: { lock?: boolean } = {}) {
  const query = db.selectFrom('machine_links').selectAll().where('station_id', '=', stationId);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The link of a topic within the transaction's company, locked: one message of a station at a time. */
export function linkOfTopic(db: Executor, topic: string) {
  return db.selectFrom('machine_links').selectAll().where('topic', '=', topic).forUpdate().executeTakeFirst();
}

/** The company's broker (never its password) and the stations' links, by station name. */
export async function machineSettingsOf(db: Executor): Promise<MachineSettings> {
  const broker = await findBroker(db);
  const links = await db.selectFrom('machine_links').selectAll().execute();
  const names = await stationNamesById(
    db,
    links.map((link) => link.station_id),
  );
  const views = links.map((link) => linkView(link, names.get(link.station_id) ?? null));
  views.sort((a, b) => (a.stationName ?? '\uffff').localeCompare(b.stationName ?? '\uffff') || a.topic.localeCompare(b.topic));
  return {
    broker: broker
      ? { url: broker.url, username: broker.username, hasPassword: broker.password_sealed !== null, updatedAt: new Date(broker.updated_at).toISOString() }
      : null,
    links: views,
  };
}

/** Every company's broker and linked topics, on the platform connection: what the connection manager subscribes to. */
export async function brokersWithTopics(db: Executor, companyId?: string) {
  let brokers = db.selectFrom('machine_brokers').selectAll();
  if (companyId) brokers = brokers.where('company_id', '=', companyId);
  const rows = await brokers.execute();
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('machine_links')
    .select(['company_id', 'topic'])
    .where(
      'company_id',
      'in',
      rows.map((row) => row.company_id),
    )
    .execute();
  return rows.map((row) => ({ ...row, topics: links.filter((link) => link.company_id === row.company_id).map((link) => link.topic) }));
}

/** The production order in work at the station (work started there), the longest in work first. */
export function orderInWorkAt(db: Executor, stationId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'version', 'pieces_open'])
    .where('station_id', '=', stationId)
    .where('stage', '=', 'station')
    .where('work_started_at', 'is not', null)
    .where('status', '=', 'in-progress')
    .where('kind', '=', 'production')
    .orderBy('work_started_at')
    .orderBy('id')
    .executeTakeFirst();
}

/** How many links name each of these master-data entries (scrap and stop reasons): they count as used. */
export async function machineReasonUsage(db: Executor, entryIds: readonly string[]): Promise<Map<string, number>> {
  const wanted = new Set(entryIds);
  const usage = new Map<string, number>();
  const note = (id: string | null) => {
    if (id && wanted.has(id)) usage.set(id, (usage.get(id) ?? 0) + 1);
  };
  for (const link of await db.selectFrom('machine_links').select(['scrap_reason_id', 'default_stop_reason_id', 'stop_reasons']).execute()) {
    note(link.scrap_reason_id);
    note(link.default_stop_reason_id);
    for (const row of link.stop_reasons) note(row.reasonId);
  }
  return usage;
}
