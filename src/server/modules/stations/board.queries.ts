import { sql } from 'kysely';
import type { Executor } from '../../platform/db.js';
import './stations.tables.js';

/** A station as the station board heads its column. */
export interface BoardStation {
  id: string;
  name: string;
  wipLimit: number | null;
  /** Orders worked at once (the capacity plan's places). */
  capacity: number;
}

/** The company's live stations and its saved sequence (empty before the first save). */
export async function boardStationsOf(db: Executor): Promise<{ stations: BoardStation[]; sequence: string[] }> {
  const [rows, saved] = await Promise.all([
    db.selectFrom('stations').select(['id', 'name', 'wip_limit', 'capacity']).orderBy('name').execute(),
    db.selectFrom('station_sequences').select('station_ids').executeTakeFirst(),
  ]);
  return {
    stations: rows.map((row) => ({ id: row.id, name: row.name, wipLimit: row.wip_limit ?? null, capacity: row.capacity })),
    sequence: saved?.station_ids ?? [],
  };
}

/**
 * The cycle times (Start to Complete, seconds) of the last `window` completions at each station,
 * newest first: what the prediction's medians are taken over (index `station_completions_finished`).
 */
export async function recentCycleTimes(db: Executor, window: number): Promise<Map<string, number[]>> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('station_completions')
        .select([
          'station_id',
          sql<number>`extract(epoch from (finished_at - arrived_at))::float8`.as('seconds'),
          sql<number>`row_number() over (partition by station_id order by finished_at desc)`.as('recency'),
        ])
        .as('recent'),
    )
    .select(['station_id', 'seconds'])
    .where('recency', '<=', window)
    .orderBy('station_id')
    .orderBy('recency')
    .execute();
  const times = new Map<string, number[]>();
  for (const row of rows) {
    const list = times.get(row.station_id) ?? [];
    list.push(Math.max(0, Number(row.seconds)));
    times.set(row.station_id, list);
  }
  return times;
}
