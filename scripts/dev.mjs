// `npm run dev`: the API server (tsx watch, restarts on change) and the Vite dev server
// (hot reload, proxies /api and the /api/live WebSocket to the API) side by side.
// Ctrl-C stops both; if either one exits, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const children = [
  // The API's start-up block names the Vite console, where a developer opens the app.
  { name: 'api', command: bin('tsx'), args: ['watch', 'src/server/main.ts'], env: { DEV_CONSOLE_URL: 'http://127.0.0.1:5173' } },
  { name: 'web', command: bin('vite'), args: [], env: {} },
].map(({ name, command, args, env }) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`[dev] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.\n`);
    stopAll(code ?? 1);
  });
  return child;
});

const apiPort = process.env.PORT ?? 3000;
process.stdout.write(`[dev] API on http://127.0.0.1:${apiPort}, console on http://127.0.0.1:5173 (Ctrl-C stops both)\n`);

let stopping = false;
function stopAll(exitCode) {
  if (!stopping) {
    stopping = true;
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  if (children.every((child) => child.exitCode !== null || child.signalCode !== null)) process.exit(exitCode);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
