import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got, its signature checked as a receiver checks it. */
export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  signatureValid: boolean;
  body: { id: string; type: string; version: number; timestamp: string; position: number; data: Record<string, unknown> };
  receivedAt: number;
}

/**
 * Checks a delivery as the Standard Webhooks spec says, independently of the server's code:
 * HMAC-SHA256 keyed with the base64-decoded part of the `whsec_` secret over `id.timestamp.body`,
 * base64, compared with each `v1,` signature of the space-separated header.
 */
export function verifyStandardWebhook(secret: string, headers: { id: string; timestamp: string; signature: string }, body: string): boolean {
  const key = Buffer.from(secret.split('_')[1], 'base64');
  const expected = Buffer.from(createHmac('sha256', key).update(`${headers.id}.${headers.timestamp}.${body}`).digest('base64'));
  return headers.signature.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Requests answered with an error (while down). */
  refused: number;
  /** Answers 503 to every request while down. */
  setDown(down: boolean): void;
  setSecret(secret: string): void;
  close(): Promise<void>;
}

/** A real HTTP receiver on loopback, answering 204 after `delayMs` (or 503 while down). */
export async function startReceiver(options: { delayMs?: number } = {}): Promise<Receiver> {
  let down = false;
  let secret = '';
  const receiver: Receiver = {
    url: '',
    received: [],
    refused: 0,
    setDown: (value) => (down = value),
    setSecret: (value) => (secret = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (down) {
        receiver.refused++;
        response.writeHead(503).end('down');
        return;
      }
      const header = (name: string) => String(request.headers[name] ?? '');
      receiver.received.push({
        id: header('webhook-id'),
        timestamp: Number(header('webhook-timestamp')),
        signatureValid: verifyStandardWebhook(
          secret,
          { id: header('webhook-id'), timestamp: header('webhook-timestamp'), signature: header('webhook-signature') },
          body,
        ),
        body: JSON.parse(body) as ReceivedWebhook['body'],
        receivedAt: Date.now(),
      });
      setTimeout(() => response.writeHead(204).end(), options.delayMs ?? 0);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
