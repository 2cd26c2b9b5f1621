// Builds the console (vite build -> dist/web) when it is missing or older than its sources.
// The build goes to a folder of its own and then takes dist/web's place, so a server or a test
// run reading dist/web meanwhile never finds it half written, and two builds at once do not
// empty each other's output.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const output = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/domain', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

if (!existsSync(path.join(root, 'index.html'))) process.exit(0);
const built = existsSync(output) ? statSync(output).mtimeMs : 0;
const force = process.argv.includes('--force');
if (force || built < Math.max(...sources.map(newest))) {
  process.stdout.write('Building the console (vite build)...\n');
  const staging = path.join(root, `dist/web-build-${process.pid}`);
  const retired = path.join(root, `dist/web-old-${process.pid}`);
  const target = path.join(root, 'dist/web');
  try {
    execSync(`npx vite build --logLevel warn --outDir ${JSON.stringify(staging)} --emptyOutDir`, { cwd: root, stdio: 'inherit' });
    if (existsSync(target)) renameSync(target, retired);
    renameSync(staging, target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(retired, { recursive: true, force: true });
  }
}
