import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKind, newWebhookSecret, sendWebhook, webhookSignature, webhookUrlRefusal, type ResolveAll } from './webhook-sender.js';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  /** The client's end of the connection the request came on. */
  remotePort: number | undefined;
}

let server: Server;
let port: number;
const received: Received[] = [];
let answer = { status: 204, body: '' };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body, remotePort: request.socket.remotePort });
      response.writeHead(answer.status).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A name lookup that answers a fixed address, as DNS would for a host pointing at it. */
const resolvingTo =
  (address: string): ResolveAll =>
  (_host, _options, callback) =>
    callback(null, [{ address, family: 4 }]);

describe('addressKind', () => {
  it('tells loopback, forbidden and public addresses apart', () => {
    for (const address of ['127.0.0.1', '127.5.5.5', '::1']) expect(addressKind(address)).toBe('loopback');
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      expect(addressKind(address), address).toBe('forbidden');
    for (const address of ['93.184.216.34', '2606:4700::1111', '::ffff:93.184.216.34']) expect(addressKind(address), address).toBe('public');
  });
});

describe('webhookUrlRefusal', () => {
  const development = { allowLoopback: true };
  const production = { allowLoopback: false };
  it('https anywhere public; http only to loopback, and loopback only where allowed', () => {
    expect(webhookUrlRefusal('https://erp.example.com/hooks', production)).toBeNull();
    expect(webhookUrlRefusal('http://erp.example.com/hooks', production)).toBe('validation.webhookUrlHttps');
    expect(webhookUrlRefusal('http://localhost:9000/hooks', development)).toBeNull();
    expect(webhookUrlRefusal('http://127.0.0.1:9000/hooks', development)).toBeNull();
    expect(webhookUrlRefusal('http://[::1]:9000/hooks', development)).toBeNull();
    expect(webhookUrlRefusal('http://localhost:9000/hooks', production)).toBe('validation.webhookUrlAddress');
  });
  it('never a private, link-local or metadata address written as the host', () => {
    for (const url of ['https://10.0.0.5/', 'https://169.254.169.254/latest/meta-data', 'https://[fd00::1]/', 'https://192.168.0.10/x'])
      expect(webhookUrlRefusal(url, development), url).toBe('validation.webhookUrlAddress');
  });
});

describe('sendWebhook', () => {
  const secret = newWebhookSecret();
  const message = (url: string) => ({
    url,
    secret,
    id: 'msg_1_test',
    timestamp: 1_790_000_000,
    body: JSON.stringify({ type: 'webhook.test', data: { at: 'now' } }),
  });

  it('signs as Standard Webhooks says: an independent check of v1,<base64 HMAC-SHA256 of id.timestamp.body> with the whsec_ key', async () => {
    received.length = 0;
    answer = { status: 204, body: '' };
    const outcome = await sendWebhook(message(`http://127.0.0.1:${port}/hook`), { allowLoopback: true });
    expect(outcome).toMatchObject({ ok: true, responseCode: 204, error: null });
    const [delivery] = received;
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const signed = `${String(delivery.headers['webhook-id'])}.${String(delivery.headers['webhook-timestamp'])}.${delivery.body}`;
    const expected = createHmac('sha256', key).update(signed).digest('base64');
    expect(String(delivery.headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(webhookSignature(secret, 'msg_1_test', 1_790_000_000, delivery.body)).toBe(`v1,${expected}`);
  });

  it('keeps the connection: messages one after another go over the same one', async () => {
    received.length = 0;
    answer = { status: 204, body: '' };
    for (let index = 0; index < 3; index++) expect((await sendWebhook(message(`http://127.0.0.1:${port}/hook`), { allowLoopback: true })).ok).toBe(true);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((delivery) => delivery.remotePort)).size).toBe(1);
  });

  it('a status outside 2xx is a failure; a long answer is cut off at the cap', async () => {
    answer = { status: 500, body: 'x'.repeat(200_000) };
    const outcome = await sendWebhook(message(`http://127.0.0.1:${port}/hook`), { allowLoopback: true });
    expect(outcome).toMatchObject({ ok: false, responseCode: 500 });
  });

  it('checks the address a name resolves to at send time: private and loopback refused in production, nothing sent', async () => {
    received.length = 0;
    const privateName = await sendWebhook(message(`https://hooks.example.test:${port}/`), { allowLoopback: false }, { resolve: resolvingTo('10.0.0.5') });
    expect(privateName).toMatchObject({ ok: false, responseCode: null });
    expect(privateName.error).toMatch(/refused address 10\.0\.0\.5/);
    const metadata = await sendWebhook(message('https://metadata.example.test/'), { allowLoopback: false }, { resolve: resolvingTo('169.254.169.254') });
    expect(metadata.error).toMatch(/refused address/);
    const loopbackName = await sendWebhook(message(`https://rebind.example.test:${port}/`), { allowLoopback: false }, { resolve: resolvingTo('127.0.0.1') });
    expect(loopbackName.error).toMatch(/refused address 127\.0\.0\.1/);
    const literal = await sendWebhook(message(`http://127.0.0.1:${port}/hook`), { allowLoopback: false });
    expect(literal.ok).toBe(false);
    expect(received).toHaveLength(0);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const outcome = await sendWebhook(message(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`), { allowLoopback: true }, { timeoutMs: 200 });
    expect(outcome).toMatchObject({ ok: false, responseCode: null, error: 'timeout' });
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});
