// The home boards of the command-to-screen benchmark, in a process of their own (as browsers
// are): opens the live-feed clients and notes when each order move reaches each of them. Times are
// CLOCK_MONOTONIC (process.hrtime), which the benchmark's process reads alike.
import { WebSocket } from 'ws';

export type FeedClientsCommand = { type: 'open'; url: string; token: string; clients: number } | { type: 'report' };

export type FeedClientsAnswer =
  | { type: 'opened' }
  /** Per event (`order-<id>:<version>`), when it arrived at each client. */
  | { type: 'report'; arrivals: [string, number[]][]; closed: number }
  | { type: 'failed'; message: string };

const now = () => Number(process.hrtime.bigint()) / 1e6;
const arrivals = new Map<string, number[]>();
const sockets: WebSocket[] = [];
let closed = 0;

const answer = (message: FeedClientsAnswer) => process.send?.(message);

async function openClient(url: string, token: string): Promise<void> {
  const ws = new WebSocket(url);
  sockets.push(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (raw) => {
      const at = now();
      const message = JSON.parse(raw.toString()) as { type: string; event?: { streamId: string; streamVersion: number; type: string } };
      if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', topics: ['type:order'] }));
      else if (message.type === 'caught-up') resolve();
      else if (message.type === 'event' && message.event?.type === 'OrderMovedToStation') {
        const key = `${message.event.streamId}:${message.event.streamVersion}`;
        const list = arrivals.get(key);
        if (list) list.push(at);
        else arrivals.set(key, [at]);
      }
    });
    ws.once('close', (code) => {
      closed++;
      reject(new Error(`live feed closed with ${code}`));
    });
    ws.send(JSON.stringify({ type: 'auth', token }));
  });
}

process.on('message', (command: FeedClientsCommand) => {
  if (command.type === 'open') {
    (async () => {
      for (let index = 0; index < command.clients; index++) await openClient(command.url, command.token);
    })().then(
      () => answer({ type: 'opened' }),
      (error: unknown) => answer({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return;
  }
  for (const socket of sockets) socket.terminate();
  answer({ type: 'report', arrivals: [...arrivals], closed });
});
