import type { Database } from '../src/server/platform/db.js';

/**
 * One line of the results table. `value` is what the benchmark measures; `baseline` is the same
 * work done the plainest way, measured in the same run on the same database, so the ratio is
 * comparable across machines even when the absolute numbers are not.
 */
export interface BenchRow {
  case: string;
  value: number;
  unit: string;
  baseline?: { label: string; value: number };
  /** Subject over baseline (per-round median where measured in rounds); for "lower is better" units say so in `target`. */
  ratio?: number;
  /** The target in words, e.g. `ratio >= 0.75` or `>= 50,000 events/s`. */
  target?: string;
  met?: boolean;
  note?: string;
}

export interface BenchContext {
  /** A fresh, migrated database of its own, dropped after the benchmark. */
  database: Database;
  databaseUrl: string;
  /** A progress line on stderr (the table goes to stdout). */
  log(line: string): void;
}

/**
 * What a file `bench/<name>.bench.ts` exports. Adding a benchmark is adding one such file:
 * `bench/run.ts` finds it, gives it a throwaway database, prints its rows and writes
 * `bench/results/<name>.json`.
 */
export interface BenchModule {
  name: string;
  description: string;
  /** Connections in the benchmark's pool; default 10. */
  poolSize?: number;
  run(context: BenchContext): Promise<BenchRow[]>;
}

export interface Throughput {
  operations: number;
  seconds: number;
  perSecond: number;
}

/**
 * Runs `writers` concurrent loops of `operationsPerWriter` sequential operations each: bounded by
 * count, never by wall time, so a slow machine takes longer instead of measuring less.
 */
export async function runWriters(
  writers: number,
  operationsPerWriter: number,
  operation: (writer: number, index: number) => Promise<unknown>,
): Promise<Throughput> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let index = 0; index < operationsPerWriter; index++) await operation(writer, index);
    }),
  );
  return throughput(writers * operationsPerWriter, performance.now() - started);
}

export function throughput(operations: number, milliseconds: number): Throughput {
  const seconds = milliseconds / 1000;
  return { operations, seconds, perSecond: operations / seconds };
}

/** Sums rounds into one rate: total operations over total time. */
export function combine(rounds: Throughput[]): Throughput {
  const operations = rounds.reduce((sum, round) => sum + round.operations, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  return { operations, seconds, perSecond: operations / seconds };
}

export interface Comparison {
  subject: Throughput;
  baseline: Throughput;
  /** Median over rounds of subject / baseline, each pair measured back to back. */
  ratio: number;
}

/**
 * Measures a subject against its baseline in alternating rounds (subject, baseline, subject, ...).
 * The ratio is the median of the per-round ratios: load that comes and goes on a shared machine
 * falls on both halves of a round alike, and one disturbed round does not move the median.
 */
export async function alternate(
  rounds: number,
  subject: (round: number) => Promise<Throughput>,
  baseline: (round: number) => Promise<Throughput>,
): Promise<Comparison> {
  const subjects: Throughput[] = [];
  const baselines: Throughput[] = [];
  for (let round = 0; round < rounds; round++) {
    subjects.push(await subject(round));
    baselines.push(await baseline(round));
  }
  const ratios = subjects.map((measured, round) => measured.perSecond / baselines[round].perSecond);
  return { subject: combine(subjects), baseline: combine(baselines), ratio: percentile(ratios, 50) };
}

/** The p-th percentile (0..100) by nearest rank, for latency benchmarks. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

/** Latencies of a subject and its baseline (ms), all samples, and the median of the per-round ratios. */
export interface LatencyComparison {
  subject: number[];
  baseline: number[];
  /** Median over rounds of the subject's `p`-th percentile / the baseline's. */
  ratio: number;
}

/**
 * Times a read two ways in alternating rounds of `perRound` calls each (subject, then baseline), after `warmUp`
 * calls of both: `alternate` for latencies. Each call answers its milliseconds. `onRound` sees each round's samples.
 */
export async function alternateLatencies(
  options: { warmUp: number; rounds: number; perRound: number; p: number },
  subject: () => Promise<number>,
  baseline: () => Promise<number>,
  onRound?: (round: number, subjectRound: number[], baselineRound: number[]) => void,
): Promise<LatencyComparison> {
  for (let i = 0; i < options.warmUp; i++) {
    await subject();
    await baseline();
  }
  const subjects: number[] = [];
  const baselines: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const subjectRound: number[] = [];
    const baselineRound: number[] = [];
    for (let i = 0; i < options.perRound; i++) subjectRound.push(await subject());
    for (let i = 0; i < options.perRound; i++) baselineRound.push(await baseline());
    ratios.push(percentile(subjectRound, options.p) / percentile(baselineRound, options.p));
    subjects.push(...subjectRound);
    baselines.push(...baselineRound);
    onRound?.(round, subjectRound, baselineRound);
  }
  return { subject: subjects, baseline: baselines, ratio: percentile(ratios, 50) };
}
