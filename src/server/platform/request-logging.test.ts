import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DebugRequestLogs, logOptions, redactUrl } from './request-logging.js';

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
    expect(logOptions('debug', false)).toMatchObject({ level: 'debug' });
  });
});

describe('link tokens in the request log (issue 26)', () => {
  const secret = 'Zk3pQ-secret_token-0123456789abcdefghijklmno';

  it('masks token query values and tracking paths, and keeps the rest', () => {
    expect(redactUrl(`/api/auth/verify-token?token=${secret}`)).toBe('/api/auth/verify-token?token=***');
    expect(redactUrl(`/reset-password?lang=de&token=${secret}&x=1`)).toBe('/reset-password?lang=de&token=***&x=1');
    expect(redactUrl(`/api/tracking/${secret}`)).toBe('/api/tracking/***');
    expect(redactUrl(`/tracking/${secret}?utm=mail`)).toBe('/tracking/***?utm=mail');
    expect(redactUrl('/api/orders?page=2')).toBe('/api/orders?page=2');
  });

  it('never writes a token to the log, at info as in production, nor in an error line', async () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...logOptions('info', false), stream } });
    app.get('/api/tracking/:token', async () => ({ ok: true }));
    app.get('/tracking/:token', async () => 'page');
    app.get('/api/auth/accept', async () => {
      throw new Error('boom');
    });
    await app.inject({ method: 'GET', url: `/api/tracking/${secret}` });
    await app.inject({ method: 'GET', url: `/api/auth/accept?token=${secret}` });
    await app.inject({ method: 'GET', url: `/tracking/${secret}` });
    await app.close();
    const log = written.join('');
    expect(log).toContain('/api/tracking/***');
    expect(log).toContain('/api/auth/accept?token=***');
    expect(log).not.toContain(secret);
  });
});
