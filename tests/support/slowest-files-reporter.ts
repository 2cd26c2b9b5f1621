import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** How many files the list names. */
const shown = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints the ten slowest test files at the end of a run (vitest.config.ts, next to the default reporter; .ci/run
 * names it with its own reporters): a file's time is its start (worker, environment, setup) plus its import and
 * its tests and hooks. These are the files to split when a project stops keeping up (docs/performance.md).
 */
export default class SlowestFilesReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = this.vitest?.config.root ?? process.cwd();
    const timed = testModules.map((module) => {
      const d = module.diagnostic();
      const start = d.prepareDuration + d.environmentSetupDuration + d.setupDuration;
      return { module, imports: d.collectDuration, tests: d.duration, total: start + d.collectDuration + d.duration };
    });
    if (timed.length < 2) return;
    const slowest = timed.sort((a, b) => b.total - a.total).slice(0, shown);
    const lines = slowest.map(({ module, imports, tests, total }) => {
      const file = path.relative(root, module.moduleId);
      const project = module.project.name ? `[${module.project.name}] ` : '';
      return `  ${seconds(total).padStart(8)}  ${project}${file} (import ${seconds(imports)}, tests and hooks ${seconds(tests)})`;
    });
    const log = (text: string) => (this.vitest ? this.vitest.logger.log(text) : console.log(text));
    log(`\n Slowest ${slowest.length} test files:\n${lines.join('\n')}\n`);
  }
}
