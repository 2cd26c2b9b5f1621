import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { companyWithTeam, type TestCompany } from '../../support/identity.js';
import { openClient, waitUntil } from './live-feed-support.js';

// Issue 26, item 9: nothing a client sends writes an error-level line to the server's log (pino: error 50,
// fatal 60): a live-feed message over its limit, an upload cut off half-way. Error lines are for our faults.
interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: { message?: string };
}
const lines: LogLine[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
    done();
  },
});
const errorLines = () => lines.filter((line) => line.level >= 50).map((line) => `${line.msg}: ${line.err?.message ?? ''}`);

let t: TestApp;
let company: TestCompany;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream });
  company = await companyWithTeam(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t?.close();
});

describe('error-level log lines a client could cause', () => {
  it('a 70 KiB message on the live feed ends the socket and logs below error', async () => {
    const client = await openClient(t.app, { token: company.admin.token });
    client.ws.send('x'.repeat(70 * 1024));
    const { code } = await client.closed;
    expect(code).toBe(1009);
    await waitUntil('the socket error logged', () => lines.some((line) => /live feed/.test(line.msg)));
    expect(errorLines()).toEqual([]);
  });

  // Cut off while the parser reads the part's head, and while the file's bytes are being written.
  it.each([
    ['at its start', 8],
    ['half-way', 384 * 1024],
  ])('an upload cut off %s logs below error, and not as a dependency down', async (_when, bytes) => {
    const requestId = `aborted-upload-${bytes}`;
    const boundary = 'cut';
    const head = [
      'PUT /api/company-account/logo HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Authorization: Bearer ${company.superUser.token}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      'Content-Length: 1000000',
      `X-Request-Id: ${requestId}`,
      '',
      '',
    ].join('\r\n');
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes, 7)]).subarray(0, bytes);
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(head + part);
    socket.write(png);
    await waitUntil('the upload begun', () => lines.some((line) => line.reqId === requestId && line.msg === 'starting multipart parsing'));
    socket.destroy();
    const ofRequest = () => lines.filter((line) => line.reqId === requestId);
    await waitUntil('the cut-off request handled', () => ofRequest().some((line) => line.level >= 30), ofRequest);
    expect(errorLines()).toEqual([]);
    expect(ofRequest().filter((line) => line.level >= 40)).toEqual([]);
  });
});
