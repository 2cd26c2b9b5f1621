import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

// Issue 26, item 9: what Fastify and Node refuse before any route runs (a malformed body, a very long URL, a
// broken URL, a request head too large, a wrong content type) answers in the error catalogue's shape, with the
// security headers every other answer carries.
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A real request on a socket (no client-side URL normalisation), answered by the listening server. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The headers of an ordinary answer that say nothing about this answer in particular (helmet's, `cache-control`). */
const answerSpecific = new Set(['date', 'content-length', 'content-type', 'connection', 'keep-alive', 'x-request-id', 'vary', 'etag']);
let ordinary: Record<string, string | string[] | undefined>;

function expectCatalogueAnswer(answer: Answer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toMatchObject({ error: { code, message: expect.any(String), details: expect.any(Array) } });
  expect(answer.headers['x-request-id']).toEqual(expect.any(String));
  for (const [name, value] of Object.entries(ordinary)) if (!answerSpecific.has(name)) expect(answer.headers[name], name).toEqual(value);
}

describe("Fastify's and Node's own refusals", () => {
  beforeAll(async () => {
    ordinary = (await send('GET', '/api/nothing-here')).headers;
    expect(ordinary['content-security-policy']).toBeDefined();
    expect(ordinary['x-content-type-options']).toBe('nosniff');
  });

  it('a malformed JSON body answers 400 VALIDATION_ERROR', async () => {
    const answer = await send('POST', '/api/auth/authenticate', { 'content-type': 'application/json' }, '{"usernameOrEmail": ');
    expectCatalogueAnswer(answer, 400, 'VALIDATION_ERROR');
  });

  it('a wrong content type answers 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const answer = await send('POST', '/api/auth/authenticate', { 'content-type': 'text/xml' }, '<a/>');
    expectCatalogueAnswer(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a very long URL answers 414 URI_TOO_LONG', async () => {
    const answer = await send('GET', `/api/materials?q=${'a'.repeat(10_000)}`);
    expectCatalogueAnswer(answer, 414, 'URI_TOO_LONG');
  });

  it('a path parameter over the router limit answers 414 URI_TOO_LONG', async () => {
    const answer = await send('GET', `/api/materials/${'a'.repeat(300)}`);
    expectCatalogueAnswer(answer, 414, 'URI_TOO_LONG');
  });

  it('a broken percent-encoding in the path answers 400 VALIDATION_ERROR', async () => {
    const answer = await send('GET', '/api/materials/%E0%A4%A');
    expectCatalogueAnswer(answer, 400, 'VALIDATION_ERROR');
    expect(JSON.parse(answer.body).error.details).toEqual([{ path: '', message: 'validation.malformedRequest' }]);
  });

  it('a request head larger than the parser takes answers 431 REQUEST_HEADERS_TOO_LARGE', async () => {
    const answer = await send('GET', `/api/materials?q=${'a'.repeat(20_000)}`);
    expectCatalogueAnswer(answer, 431, 'REQUEST_HEADERS_TOO_LARGE');
  });
});
