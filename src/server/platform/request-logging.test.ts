import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DebugRequestLogs, logOptions } from './request-logging.js';

async function logLevelsOfOneRequest(level: 'info' | 'debug', controller?: DebugRequestLogs) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: controller });
  app.get('/ping', async () => ({ ok: true }));
  await app.inject({ method: 'GET', url: '/ping' });
  await app.close();
  return lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed').map((line) => line.level);
}

describe('DebugRequestLogs', () => {
  it('hides request lines at info and shows them at debug (pino level 20)', async () => {
    expect(await logLevelsOfOneRequest('info', new DebugRequestLogs())).toEqual([]);
    expect(await logLevelsOfOneRequest('debug', new DebugRequestLogs())).toEqual([20, 20]);
  });

  it('leaves Fastify defaults (info, level 30) where it is not used', async () => {
    expect(await logLevelsOfOneRequest('info')).toEqual([30, 30]);
  });
});

describe('logOptions', () => {
  it('writes pretty lines to a terminal and JSON lines anywhere else', () => {
    expect(logOptions('info', true)).toMatchObject({ level: 'info', transport: { target: 'pino-pretty' } });
    expect(logOptions('debug', false)).toEqual({ level: 'debug' });
  });
});
