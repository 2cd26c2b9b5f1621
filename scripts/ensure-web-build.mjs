// Builds the console (vite build -> dist/web) when it is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
if (built < Math.max(...sources.map(newest))) {
  process.stdout.write('Building the console (vite build)...\n');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
