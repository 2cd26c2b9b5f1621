/**
 * An exact solver for the capacity plan bench: the least total tardiness of a small job shop (each
 * job a route of machines, one operation at a time per machine, no preemption), by branch and bound
 * over the active schedules (Giffler and Thompson): for a regular measure such as total tardiness an
 * optimal schedule is always among them. Times are plain numbers (the bench's instances work around
 * the clock, so working time and calendar time are the same).
 */

export interface ExactJob {
  /** Machines in route order with their processing times. */
  operations: { machine: number; time: number }[];
  due: number;
}

export interface ExactResult {
  totalTardiness: number;
  nodes: number;
  /** False when the node limit stopped the search: then the result is only the best found. */
  proven: boolean;
}

export function minimumTotalTardiness(jobs: readonly ExactJob[], machines: number, upperBound = Number.POSITIVE_INFINITY, nodeLimit = 20_000_000): ExactResult {
  const next = jobs.map(() => 0);
  const jobReady = jobs.map(() => 0);
  const machineFree = Array.from({ length: machines }, () => 0);
  const remaining = jobs.map((job) => job.operations.reduce((sum, operation) => sum + operation.time, 0));
  let best = upperBound;
  let nodes = 0;

  const bound = (): number => {
    let total = 0;
    for (const [index, job] of jobs.entries()) {
      if (next[index] === job.operations.length) total += Math.max(0, jobReady[index] - job.due);
      else {
        const operation = job.operations[next[index]];
        const start = Math.max(jobReady[index], machineFree[operation.machine]);
        total += Math.max(0, start + remaining[index] - job.due);
      }
    }
    return total;
  };

  const search = (): void => {
    nodes++;
    if (nodes > nodeLimit) return;
    const lower = bound();
    if (lower >= best) return;
    // The operation finishing first decides the machine; the conflict set is what could start there before it ends.
    let earliestEnd = Number.POSITIVE_INFINITY;
    let machine = -1;
    for (const [index, job] of jobs.entries()) {
      if (next[index] === job.operations.length) continue;
      const operation = job.operations[next[index]];
      const end = Math.max(jobReady[index], machineFree[operation.machine]) + operation.time;
      if (end < earliestEnd) {
        earliestEnd = end;
        machine = operation.machine;
      }
    }
    if (machine === -1) {
      best = Math.min(best, lower);
      return;
    }
    const conflict: number[] = [];
    for (const [index, job] of jobs.entries()) {
      if (next[index] === job.operations.length) continue;
      const operation = job.operations[next[index]];
      if (operation.machine === machine && Math.max(jobReady[index], machineFree[machine]) < earliestEnd) conflict.push(index);
    }
    // Earliest due date first: a good schedule early makes the bound cut more.
    conflict.sort((a, b) => jobs[a].due - jobs[b].due);
    for (const index of conflict) {
      const operation = jobs[index].operations[next[index]];
      const start = Math.max(jobReady[index], machineFree[machine]);
      const saved = { ready: jobReady[index], free: machineFree[machine] };
      jobReady[index] = machineFree[machine] = start + operation.time;
      next[index]++;
      remaining[index] -= operation.time;
      search();
      remaining[index] += operation.time;
      next[index]--;
      jobReady[index] = saved.ready;
      machineFree[machine] = saved.free;
    }
  };
  search();
  return { totalTardiness: best, nodes, proven: nodes <= nodeLimit };
}
