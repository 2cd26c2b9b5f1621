import type { CapacityPlan } from '../../../domain/plan/capacity-plan.rules.js';
import { planChangingStreamTypes } from '../../../domain/plan/plan-triggers.js';
import type { PlanIndex } from '../../../domain/plan/plan-window.rules.js';
import type { Executor } from '../../platform/db.js';
import { streamsStamp } from '../../platform/event-store.js';

/** How long a kept plan answers while nothing changes it: the clock moves the plan too (work in progress, now). */
export const PLAN_CACHE_MAX_AGE_MS = 30_000;
/** Companies whose plan a server instance keeps at once (the least recently read goes first). */
const MAX_COMPANIES = 50;

/** A company's plan now, with what its reads need beyond it: the dates promised to customers (the board's flag). */
export interface LivePlan {
  plan: CapacityPlan;
  /** Order id -> promised day, of the planned orders with a promised date. */
  promisedDates: ReadonlyMap<string, string>;
  /**
   * The JSON answers of `GET /api/plan` made from it, by window, explanations and rows: serialised
   * once per plan, not per read; bounded in count and characters (`keepAnswer`).
   */
  answers: Map<string, string>;
  /** The plan laid out by station rows (`planIndexOf`), made on the first read of a page. */
  index: PlanIndex | null;
}

/** Answers kept per plan at most, and their characters together: a few pages of rows and windows of every open Gantt. */
const MAX_ANSWERS = 32;
const MAX_ANSWER_CHARS = 8_000_000;

/** Keeps a serialised answer with its plan while the bounds allow (the first ones asked stay: the Gantt's default pages). */
export function keepAnswer(live: LivePlan, key: string, json: string): void {
  if (live.answers.size >= MAX_ANSWERS) return;
  let chars = json.length;
  for (const kept of live.answers.values()) chars += kept.length;
  if (chars <= MAX_ANSWER_CHARS) live.answers.set(key, json);
}

interface Kept {
  /** The log's stamp of the plan-changing streams the plan was computed from (`streamsStamp`). */
  stamp: string;
  /** Epoch ms of the plan's `now`. */
  at: number;
  plan: Promise<LivePlan>;
}

export interface PlanCache {
  /**
   * The company's plan at `now`: the kept one while no event of a plan-changing stream type was
   * appended since it was made (read in the caller's transaction, so on any instance) and it is
   * younger than `PLAN_CACHE_MAX_AGE_MS`; else `compute()`, kept for the next reads. Reads that
   * arrive while it is computed share the computation.
   */
  planOf(tx: Executor, companyId: string, now: Date, compute: () => Promise<LivePlan>): Promise<LivePlan>;
}

/**
 * One per server instance (docs/capacity-plan.md, "The plan kept per company"). A trigger is seen by
 * the stamp of the log, not by a message: after a command commits on any instance, the next read
 * anywhere sees its append and plans again, so a kept plan never answers for a state it was not made from.
 */
export function createPlanCache(maxAgeMs = PLAN_CACHE_MAX_AGE_MS): PlanCache {
  const kept = new Map<string, Kept>();
  return {
    async planOf(tx, companyId, now, compute) {
      // The stamp is read before the inputs: in READ COMMITTED a later statement may see more, never less.
      const stamp = await streamsStamp(tx, companyId, planChangingStreamTypes);
      const at = now.getTime();
      const entry = kept.get(companyId);
      if (entry && entry.stamp === stamp && at >= entry.at && at - entry.at < maxAgeMs) {
        kept.delete(companyId);
        kept.set(companyId, entry);
        return entry.plan;
      }
      const plan = compute();
      const fresh: Kept = { stamp, at, plan };
      kept.delete(companyId);
      kept.set(companyId, fresh);
      if (kept.size > MAX_COMPANIES) kept.delete(kept.keys().next().value as string);
      plan.catch(() => {
        if (kept.get(companyId) === fresh) kept.delete(companyId);
      });
      return plan;
    },
  };
}
