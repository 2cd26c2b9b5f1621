import type { Insertable } from 'kysely';
import { labourDecider } from '../../../domain/labour/labour.decider.js';
import type { LabourCommand } from '../../../domain/labour/labour.commands.js';
import { LABOUR_STREAM_TYPE, labourEvents, labourStreamId, type LabourEvent } from '../../../domain/labour/labour.events.js';
import { portionsOf, portionSeconds, shareSeconds } from '../../../domain/labour/labour.rules.js';
import { orderEvents, type OrderEvent } from '../../../domain/orders/order.events.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Tx } from '../../platform/db.js';
import { eventProjection, type EventMetadata, type EventStore } from '../../platform/event-store.js';
import type { LabourCorrectionsTable } from './labour.tables.js';

const pieceId = (userId: string, orderId: string, stationId: string, startedAt: string) => `w:${userId}:${orderId}:${stationId}:${startedAt}`;

/**
 * A person's running work pieces end at `at` and new ones start for the orders they run now, each a
 * share of 1/n (docs/labour-and-costs.md, "Split"): the read model's form of `workPiecesOf`.
 */
async function rebalance(tx: Tx, companyId: string, userId: string, at: string): Promise<void> {
  const running = await tx
    .selectFrom('labour_work_pieces')
    .select(['id', 'started_at', 'share', 'portion'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('correction_id', 'is', null)
    .execute();
  for (const piece of running) {
    const startedAt = piece.started_at.toISOString();
    if (Date.parse(startedAt) < Date.parse(at)) {
      await tx
        .updateTable('labour_work_pieces')
        .set({
          ended_at: new Date(at),
          seconds: piece.portion === null ? shareSeconds(startedAt, at, piece.share) : portionSeconds(startedAt, at, Number(piece.portion)),
        })
        .where('id', '=', piece.id)
        .execute();
    } else {
      await tx.deleteFrom('labour_work_pieces').where('id', '=', piece.id).execute();
    }
  }
  const active = await tx
    .selectFrom('labour_assignments')
    .select(['order_id', 'station_id'])
    .where('user_id', '=', userId)
    .where('paused_at', 'is', null)
    .orderBy('order_id')
    .orderBy('station_id')
    .execute();
  if (active.length === 0) return;
  await tx
    .insertInto('labour_work_pieces')
    .values(
      active.map((work) => ({
        id: pieceId(userId, work.order_id, work.station_id, at),
        company_id: companyId,
        user_id: userId,
        order_id: work.order_id,
        station_id: work.station_id,
        started_at: new Date(at),
        ended_at: null,
        share: active.length,
        seconds: null,
        correction_id: null,
      })),
    )
    .execute();
}

async function projectAttendance(tx: Tx, event: LabourEvent, companyId: string, version: number): Promise<void> {
  switch (event.type) {
    case 'ClockedIn': {
      const { attendanceId, userId, stationId, at, dayEndsAt } = event.data;
      await tx
        .insertInto('labour_attendances')
        .values({
          id: attendanceId,
          company_id: companyId,
          user_id: userId,
          clocked_in_at: new Date(at),
          clocked_out_at: null,
          recorded_clocked_in_at: new Date(at),
          recorded_clocked_out_at: null,
          clock_in_station_id: stationId,
          clock_out_station_id: null,
          day_ends_at: new Date(dayEndsAt),
          closed_at_day_end: false,
          corrected: false,
          version,
        })
        .execute();
      return;
    }
    case 'ClockedOut':
    case 'ClockOutMissed': {
      const at = new Date(event.data.at);
      await tx
        .updateTable('labour_attendances')
        .set({
          clocked_out_at: at,
          recorded_clocked_out_at: at,
          clock_out_station_id: event.type === 'ClockedOut' ? event.data.stationId : null,
          closed_at_day_end: event.type === 'ClockOutMissed',
          version,
        })
        .where('id', '=', event.data.attendanceId)
        .execute();
      return;
    }
    case 'AttendanceCorrected': {
      const { attendanceId, before, after } = event.data;
      await tx
        .updateTable('labour_attendances')
        .set({ clocked_in_at: new Date(after.clockedInAt), clocked_out_at: new Date(after.clockedOutAt), corrected: true, version })
        .where('id', '=', attendanceId)
        .execute();
      await insertCorrection(tx, companyId, event.data, {
        kind: 'attendance',
        attendance_id: attendanceId,
        before_clocked_in_at: new Date(before.clockedInAt),
        before_clocked_out_at: new Date(before.clockedOutAt),
        after_clocked_in_at: new Date(after.clockedInAt),
        after_clocked_out_at: new Date(after.clockedOutAt),
      });
      return;
    }
    default:
      return;
  }
}

async function projectOrderWork(tx: Tx, event: LabourEvent, companyId: string): Promise<void> {
  switch (event.type) {
    case 'OrderWorkJoined': {
      const { userId, orderId, stationId, at } = event.data;
      await tx
        .insertInto('labour_assignments')
        .values({
          company_id: companyId,
          user_id: userId,
          order_id: orderId,
          station_id: stationId,
          joined_at: new Date(at),
          paused_at: null,
          pause_reason: null,
        })
        .execute();
      break;
    }
    case 'OrderWorkPaused':
    case 'OrderWorkResumed': {
      const { userId, orderId, stationId, at } = event.data;
      const paused = event.type === 'OrderWorkPaused';
      await tx
        .updateTable('labour_assignments')
        .set({ paused_at: paused ? new Date(at) : null, pause_reason: paused ? event.data.reason : null })
        .where('user_id', '=', userId)
        .where('order_id', '=', orderId)
        .where('station_id', '=', stationId)
        .execute();
      break;
    }
    case 'OrderWorkLeft': {
      const { userId, orderId, stationId } = event.data;
      await tx.deleteFrom('labour_assignments').where('user_id', '=', userId).where('order_id', '=', orderId).where('station_id', '=', stationId).execute();
      break;
    }
    default:
      return;
  }
  await rebalance(tx, companyId, event.data.userId, event.data.at);
}

/** A stated split: the pieces of the work period count their stated portion (running ones once they end). */
async function projectWorkSplit(tx: Tx, event: Extract<LabourEvent, { type: 'WorkSplitStated' }>): Promise<void> {
  const { userId, periodStartedAt, shares, statedBy } = event.data;
  const portions = portionsOf(shares);
  const pieces = await tx
    .selectFrom('labour_work_pieces')
    .select(['id', 'order_id', 'station_id', 'started_at', 'ended_at'])
    .where('user_id', '=', userId)
    .where('started_at', '=', new Date(periodStartedAt))
    .where('correction_id', 'is', null)
    .execute();
  for (const piece of pieces) {
    const portion = portions.get(`${piece.order_id} ${piece.station_id}`);
    if (portion === undefined) continue;
    const seconds = piece.ended_at ? portionSeconds(piece.started_at.toISOString(), piece.ended_at.toISOString(), portion) : null;
    await tx.updateTable('labour_work_pieces').set({ portion, stated_by: statedBy, seconds }).where('id', '=', piece.id).execute();
  }
}

async function projectWorkTimeCorrection(tx: Tx, event: Extract<LabourEvent, { type: 'WorkTimeCorrected' }>, companyId: string): Promise<void> {
  const { correctionId, userId, orderId, stationId, bookedAt, seconds } = event.data;
  await tx
    .insertInto('labour_work_pieces')
    .values({
      id: `c:${correctionId}`,
      company_id: companyId,
      user_id: userId,
      order_id: orderId,
      station_id: stationId,
      started_at: new Date(bookedAt),
      ended_at: new Date(bookedAt),
      share: 1,
      seconds,
      correction_id: correctionId,
    })
    .execute();
  await insertCorrection(tx, companyId, event.data, { kind: 'workTime', order_id: orderId, station_id: stationId, seconds, booked_at: new Date(bookedAt) });
}

/** A row of `labour_corrections`: who corrected whose time, when and why, and what `details` its kind has (the rest null). */
async function insertCorrection(
  tx: Tx,
  companyId: string,
  correction: { correctionId: string; userId: string; reason: string; correctedBy: string; at: string },
  details: Partial<Insertable<LabourCorrectionsTable>> & Pick<Insertable<LabourCorrectionsTable>, 'kind'>,
): Promise<void> {
  await tx
    .insertInto('labour_corrections')
    .values({
      id: correction.correctionId,
      company_id: companyId,
      user_id: correction.userId,
      attendance_id: null,
      order_id: null,
      station_id: null,
      before_clocked_in_at: null,
      before_clocked_out_at: null,
      after_clocked_in_at: null,
      after_clocked_out_at: null,
      seconds: null,
      booked_at: null,
      reason: correction.reason,
      corrected_by: correction.correctedBy,
      corrected_at: new Date(correction.at),
      ...details,
    })
    .execute();
}

/** The labour read models, written in the transaction that appends a person's labour events. */
export const labourProjection = eventProjection<LabourEvent>({
  name: 'labour',
  events: [labourEvents],
  tables: ['labour_attendances', 'labour_assignments', 'labour_work_pieces', 'labour_corrections'],
  async project(tx, event, { companyId, streamVersion }) {
    if (!companyId) return;
    if (event.type === 'WorkTimeCorrected') return projectWorkTimeCorrection(tx, event, companyId);
    if (event.type === 'WorkSplitStated') return projectWorkSplit(tx, event);
    await projectAttendance(tx, event, companyId, streamVersion);
    await projectOrderWork(tx, event, companyId);
  },
});

/** Decides a command on a person's labour stream inside another append's transaction (the order reactions). */
async function decideWithin(tx: Tx, eventStore: EventStore, companyId: string, metadata: EventMetadata, command: LabourCommand): Promise<void> {
  const streamId = labourStreamId(command.userId);
  const { state, version } = await eventStore.foldStream(tx, labourDecider, streamId);
  const decided = labourDecider.decide(command, state);
  // A reaction never fails the order command: someone not clocked in (or no longer on it) records no time.
  if (decided instanceof DomainError || decided.length === 0) return;
  await eventStore.append(tx, { companyId, streamId, streamType: LABOUR_STREAM_TYPE, expectedVersion: version, events: decided, metadata });
}

/**
 * The order events' reaction (owns nothing: what it decides is appended to the people's labour
 * streams, which a rebuild replays): the operator who starts work at a station, clocked in, is
 * clocked onto the order; completing the work there (or cancelling the order) takes everyone off it.
 */
export function labourOrderReactions(eventStore: EventStore) {
  return eventProjection<OrderEvent>({
    name: 'labour-of-order-work',
    events: [orderEvents],
    tables: [],
    async project(tx, event, stored) {
      const companyId = stored.companyId;
      if (!companyId) return;
      if (event.type === 'WorkStarted') {
        const userId = stored.metadata.userId;
        if (!userId || stored.metadata.role !== 'OPERATOR') return;
        const { orderId, stationId, at } = event.data;
        const { state } = await eventStore.foldStream(tx, labourDecider, labourStreamId(userId));
        if (!state.open || state.orders.some((work) => work.orderId === orderId && work.stationId === stationId)) return;
        await decideWithin(tx, eventStore, companyId, stored.metadata, { type: 'JoinOrderWork', userId, orderId, stationId, at });
        return;
      }
      if (event.type !== 'WorkCompleted' && event.type !== 'OrderCanceled') return;
      let query = tx.selectFrom('labour_assignments').select(['user_id', 'station_id']).where('order_id', '=', event.data.orderId);
      if (event.type === 'WorkCompleted') query = query.where('station_id', '=', event.data.stationId);
      const cause = event.type === 'WorkCompleted' ? 'completed' : 'canceled';
      for (const work of await query.orderBy('user_id').execute()) {
        const command: LabourCommand = {
          type: 'LeaveOrderWork',
          userId: work.user_id,
          orderId: event.data.orderId,
          stationId: work.station_id,
          cause,
          at: event.data.at,
        };
        await decideWithin(tx, eventStore, companyId, stored.metadata, command);
      }
    },
  });
}
