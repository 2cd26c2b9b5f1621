import { sql } from 'kysely';
import { interruptionEvents, type InterruptionEvent } from '../../../domain/interruptions/interruption.events.js';
import { orderEvents, type OrderEvent } from '../../../domain/orders/order.events.js';
import { suggestionEvents, type SuggestionEvent } from '../../../domain/suggestions/suggestion.events.js';
import { withSystem, type Db, type Tx } from '../../platform/db.js';
import { readerOf, toStoredEvent, type InlineProjection, type Recorded } from '../../platform/event-store.js';
import './key-figures.tables.js';

/** An event as the projection reads it: the log's row, fresh or read again by the rebuild, typed by its stream's catalogue. */
type FactEvent = Recorded<OrderEvent | SuggestionEvent | InterruptionEvent>;

/** The streams whose events the figures read, each read by its catalogue. */
const factCatalogues = [orderEvents, suggestionEvents, interruptionEvents];
const readFact = readerOf<OrderEvent | SuggestionEvent | InterruptionEvent>(factCatalogues);

/** The event types the figures read; every other type leaves the facts as they are. */
export const factEventTypes = [
  'OrderCreated',
  'OrderChanged',
  'WorkCompleted',
  'ProductionFinished',
  'OrderReadyToUse',
  'OrderDispatched',
  'SuggestionSubmitted',
  'SuggestionStatusChanged',
  'InterruptionReported',
  'InterruptionResolved',
] as const satisfies readonly FactEvent['type'][];

/** The stream types whose events the figures read. */
export const factStreamTypes = factCatalogues.map((catalogue) => catalogue.streamType);

const piecesOf = (positions: readonly { quantity: number }[]) => positions.reduce((sum, position) => sum + position.quantity, 0);

/** Applies one event of an order, suggestion or station-interruptions stream to the key-figure facts. */
async function applyFact(tx: Tx, event: FactEvent): Promise<void> {
  const companyId = event.companyId as string;
  switch (event.type) {
    case 'OrderCreated':
      await tx
        .insertInto('key_figure_orders')
        .values({
          id: event.data.orderId,
          company_id: companyId,
          kind: event.data.kind,
          pieces: piecesOf(event.data.positions),
          delivery_date: event.data.details.deliveryDate,
          created_at: event.data.at,
          done_at: null,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      return;
    case 'OrderChanged':
      await tx
        .updateTable('key_figure_orders')
        .set({ pieces: piecesOf(event.data.positions), delivery_date: event.data.details.deliveryDate })
        .where('id', '=', event.data.orderId)
        .execute();
      return;
    case 'WorkCompleted':
      await tx
        .insertInto('key_figure_station_runs')
        .values({
          order_id: event.data.orderId,
          stream_version: event.streamVersion,
          company_id: companyId,
          station_id: event.data.stationId,
          started_at: event.data.workStartedAt,
          completed_at: event.data.at,
          pieces: sql<number>`coalesce((select pieces from key_figure_orders where id = ${event.data.orderId}), 0)`,
        })
        .onConflict((conflict) => conflict.columns(['order_id', 'stream_version']).doNothing())
        .execute();
      return;
    case 'ProductionFinished':
      await tx.updateTable('key_figure_orders').set({ done_at: event.data.at }).where('id', '=', event.data.orderId).where('kind', '=', 'production').execute();
      return;
    case 'OrderReadyToUse':
    case 'OrderDispatched':
      // A customer order is done when dispatched, a customer stock order when ready to use (it is never dispatched).
      await tx
        .updateTable('key_figure_orders')
        .set({ done_at: sql<Date>`coalesce(done_at, ${event.data.at}::timestamptz)` })
        .where('id', '=', event.data.orderId)
        .where('kind', '=', 'customer')
        .execute();
      return;
    case 'SuggestionSubmitted':
      await tx
        .insertInto('key_figure_suggestions')
        .values({ id: event.data.suggestionId, company_id: companyId, station_id: event.data.stationId, implemented_at: null })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      return;
    case 'SuggestionStatusChanged':
      await tx
        .updateTable('key_figure_suggestions')
        .set({ implemented_at: event.data.status === 'IMPLEMENTED' ? event.data.at : null })
        .where('id', '=', event.data.suggestionId)
        .execute();
      return;
    case 'InterruptionReported':
      await tx
        .insertInto('key_figure_interruptions')
        .values({
          id: event.data.interruptionId,
          company_id: companyId,
          station_id: event.data.stationId,
          order_id: event.data.orderId,
          reported_at: event.data.at,
          resolved_at: null,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      return;
    case 'InterruptionResolved':
      await tx.updateTable('key_figure_interruptions').set({ resolved_at: event.data.at }).where('id', '=', event.data.interruptionId).execute();
      return;
    default:
      return;
  }
}

const relevant = new Set<string>(factEventTypes);

/**
 * The key-figure facts of order and suggestion streams, written in the append's transaction (the
 * figures a client reads after its write include it). Each row belongs to one stream; the figures
 * across streams are computed when read (`key-figures.queries.ts`).
 */
export const keyFiguresProjection: InlineProjection = {
  name: 'key-figures',
  streamTypes: factStreamTypes,
  tables: ['key_figure_orders', 'key_figure_station_runs', 'key_figure_suggestions', 'key_figure_interruptions'],
  async apply(tx, events) {
    for (const event of events) {
      const fact = relevant.has(event.type) ? readFact(event) : undefined;
      if (fact) await applyFact(tx, fact);
    }
  },
};

/**
 * Rebuilds the company's facts from the log: deletes them and applies every relevant event again,
 * stream by stream in version order. The exclusive lock on the three tables makes every append
 * that writes facts wait until the rebuild commits, and lets every such append still in flight
 * commit before it: so the rebuild reads every event whose facts it deletes, and an event it does
 * not read writes its facts after it. Returns how many events were applied.
 */
export async function rebuildKeyFigureFacts(tx: Tx, companyId: string): Promise<number> {
  await sql`lock table key_figure_orders, key_figure_station_runs, key_figure_suggestions, key_figure_interruptions in exclusive mode`.execute(tx);
  await tx.deleteFrom('key_figure_interruptions').where('company_id', '=', companyId).execute();
  await tx.deleteFrom('key_figure_station_runs').where('company_id', '=', companyId).execute();
  await tx.deleteFrom('key_figure_suggestions').where('company_id', '=', companyId).execute();
  await tx.deleteFrom('key_figure_orders').where('company_id', '=', companyId).execute();
  // Not `readAll`: it stops at the horizon, and an event committed above it would be lost here.
  const rows = await tx
    .selectFrom('events')
    .select(['global_position', 'tx_id', 'company_id', 'stream_id', 'stream_type', 'stream_version', 'type', 'data', 'metadata', 'recorded_at'])
    .where('company_id', '=', companyId)
    .where('stream_type', 'in', factStreamTypes)
    .where('type', 'in', [...factEventTypes])
    .orderBy('stream_id')
    .orderBy('stream_version')
    .execute();
  for (const row of rows) {
    const fact = readFact(toStoredEvent(row));
    if (fact) await applyFact(tx, fact);
  }
  return rows.length;
}

/**
 * Companies whose log holds fact events but whose facts are empty: their orders and suggestions
 * came before the key-figures module (or its tables were emptied). The start-up backfill rebuilds them.
 */
export async function companiesWithoutFacts(db: Db): Promise<string[]> {
  const rows = await withSystem(db, (tx) =>
    tx
      .selectFrom('events')
      .select('company_id')
      .distinct()
      .where('company_id', 'is not', null)
      .where('stream_type', 'in', [orderEvents.streamType, suggestionEvents.streamType])
      .where('type', 'in', [...factEventTypes])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('key_figure_orders')
              .select('key_figure_orders.id')
              .whereRef('key_figure_orders.company_id', '=', 'events.company_id')
              .union(
                selectFrom('key_figure_suggestions')
                  .select('key_figure_suggestions.id')
                  .whereRef('key_figure_suggestions.company_id', '=', 'events.company_id'),
              ),
          ),
        ),
      )
      .execute(),
  );
  return rows.map((row) => row.company_id).filter((id): id is string => id !== null);
}
