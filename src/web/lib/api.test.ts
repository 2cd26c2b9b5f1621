// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, api, onUnauthorized, parseApiError, setApiToken } from './api';

interface Seen {
  method: string;
  url: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

type Answer = { status: number; body?: string; type?: string };

// A small HTTP server standing in for the API: it records each request and answers as scripted.
let server: Server;
let seen: Seen[] = [];
let answer: Answer = { status: 200, body: '{}' };

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization ?? null,
      contentType: request.headers['content-type'] ?? null,
      body: await readBody(request),
    });
    response.statusCode = answer.status;
    if (answer.body !== undefined) response.setHeader('content-type', answer.type ?? 'application/json');
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/home`);
});

afterEach(() => {
  seen = [];
  answer = { status: 200, body: '{}' };
  setApiToken(null);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api client', () => {
  it('calls /api with JSON and answers the parsed body for any 2xx status', async () => {
    answer = { status: 201, body: '{"id":"m-1"}' };
    await expect(api.post('/materials', { name: 'Bracket' })).resolves.toEqual({ id: 'm-1' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/materials', contentType: 'application/json', body: '{"name":"Bracket"}' });

    answer = { status: 204 };
    await expect(api.delete('/materials/m-1')).resolves.toBeUndefined();
  });

  it('sends the bearer token only while one is set', async () => {
    await api.get('/home');
    setApiToken('token-1');
    await api.get('/home');
    setApiToken(null);
    await api.get('/home');
    expect(seen.map((request) => request.authorization)).toEqual([null, 'Bearer token-1', null]);
  });

  it('builds the query string and leaves out empty values', async () => {
    answer = { status: 200, body: '{"data":[],"total":0,"page":1,"limit":10}' };
    await api.get('/materials', { query: { page: 1, limit: 10, q: '', sort: undefined, type: 'product' } });
    expect(seen[0].url).toBe('/api/materials?page=1&limit=10&type=product');
  });

  it('turns an error answer into an ApiError with the catalogue code and the field details', async () => {
    answer = {
      status: 400,
      body: JSON.stringify({
        error: {
          code: 'VALIDATION_ERROR',
          message: 'The request is not valid.',
          details: [{ path: 'name', message: 'validation.maxLength', params: { max: 25 } }],
        },
      }),
    };
    const failure = await api.post('/materials', { name: 'x'.repeat(30) }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: [{ path: 'name', message: 'validation.maxLength', params: { max: 25 } }] });
  });

  it('reads an answer that is not our error body as UNKNOWN_ERROR and keeps its status', async () => {
    answer = { status: 502, body: '<html>Bad gateway</html>', type: 'text/html' };
    await expect(api.get('/home')).rejects.toMatchObject({ status: 502, code: 'UNKNOWN_ERROR', details: [] });
    expect(parseApiError(409, { error: { code: 'NOT_A_CODE', message: 'x' } })).toMatchObject({ status: 409, code: 'UNKNOWN_ERROR' });
    expect(parseApiError(409, { error: { code: 'CONFLICT_ERROR', details: 'nonsense' } })).toMatchObject({ code: 'CONFLICT_ERROR', details: [] });
  });

  it('reports an unreachable server as status 0', async () => {
    const location = window.location.href;
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://127.0.0.1:9/home');
    try {
      await expect(api.get('/home')).rejects.toMatchObject({ status: 0, code: 'UNKNOWN_ERROR' });
    } finally {
      (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(location);
    }
  });

  it('tells the listeners when the server refuses the current token, and not for a call without one', async () => {
    let refused = 0;
    const stop = onUnauthorized(() => (refused += 1));
    answer = { status: 401, body: JSON.stringify({ error: { code: 'INVALID_CREDENTIALS', message: 'x', details: [] } }) };
    await expect(api.post('/auth/authenticate', { usernameOrEmail: 'a', password: 'b' })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(refused).toBe(0);

    setApiToken('revoked');
    answer = { status: 401, body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'x', details: [] } }) };
    await expect(api.get('/home')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(refused).toBe(1);
    stop();
  });
});
